import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowTooltip, useRowTooltip } from './row-tooltip.tsx';

function Row() {
  const { handlers, tooltip } = useRowTooltip();
  return (
    <div {...handlers}>
      <p>Ada Lovelace</p>
      <button type="button" aria-label="Delete Ada Lovelace" {...rowTooltip('Delete')}>
        x
      </button>
      {/* A disabled button takes no pointer events: its reason is on a wrapper. */}
      <span {...rowTooltip('Profile is not available')}>
        <button type="button" aria-label="Open profile of Ada Lovelace" disabled>
          o
        </button>
      </span>
      {tooltip}
    </div>
  );
}

describe("a grid's row tooltip", () => {
  it('shows the title of the marked element under the pointer and hides off it', async () => {
    render(<Row />);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');

    fireEvent.mouseOver(screen.getByText('Ada Lovelace'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it("shows a disabled action's reason from the wrapper the pointer is over", async () => {
    render(<Row />);
    fireEvent.mouseOver(screen.getByText('o').parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Profile is not available');
  });

  it('shows on keyboard focus, and Escape hides it', async () => {
    render(<Row />);
    screen.getByRole('button', { name: 'Delete Ada Lovelace' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});
