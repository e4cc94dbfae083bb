import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { OnceOpened } from './once-opened.tsx';

let mounts = 0;
function Overlay() {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>the overlay</p>;
}

describe('OnceOpened', () => {
  it('renders nothing until first opened, then keeps the overlay mounted while closed', () => {
    mounts = 0;
    const { rerender } = render(
      <OnceOpened open={false}>
        <Overlay />
      </OnceOpened>,
    );
    expect(screen.queryByText('the overlay')).not.toBeInTheDocument();
    expect(mounts).toBe(0);

    rerender(
      <OnceOpened open>
        <Overlay />
      </OnceOpened>,
    );
    expect(screen.getByText('the overlay')).toBeInTheDocument();

    rerender(
      <OnceOpened open={false}>
        <Overlay />
      </OnceOpened>,
    );
    // Still there (a closing dialog animates out and keeps what was typed), and never mounted twice.
    expect(screen.getByText('the overlay')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
