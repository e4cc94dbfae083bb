import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { popoverContainer } from './theme.ts';

describe('popoverContainer', () => {
  it('mounts a popover in the landmark of the focused control that opens it, else in <main>', () => {
    render(
      <>
        <header>
          <button type="button">Account menu</button>
        </header>
        <main>
          <button type="button">Columns</button>
        </main>
        <div role="dialog" aria-label="Filters">
          <button type="button">Added to Outpilot</button>
        </div>
      </>,
    );
    screen.getByRole('button', { name: 'Account menu' }).focus();
    expect(popoverContainer().tagName).toBe('HEADER');
    screen.getByRole('button', { name: 'Columns' }).focus();
    expect(popoverContainer().tagName).toBe('MAIN');
    // Inside a modal it stays in the body, above the modal, as MUI places it.
    screen.getByRole('button', { name: 'Added to Outpilot' }).focus();
    expect(popoverContainer()).toBe(document.body);
    (document.activeElement as HTMLElement).blur();
    expect(popoverContainer().tagName).toBe('MAIN');
  });
});
