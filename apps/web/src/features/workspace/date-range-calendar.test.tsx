import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeCalendar } from './date-range-calendar.tsx';

describe('DateRangeCalendar', () => {
  it('shows two months starting on Monday, with future days disabled', () => {
    render(
      <DateRangeCalendar
        today="2026-01-14"
        initial={{ start: '2026-01-01', end: '2026-01-14' }}
        onCancel={() => undefined}
        onApply={() => undefined}
      />,
    );
    const january = screen.getByRole('group', { name: 'January 2026' });
    expect(screen.getByRole('group', { name: 'December 2025' })).toBeInTheDocument();
    const headers = within(january)
      .getAllByTestId('weekday-header')
      .map((node) => node.textContent);
    expect(headers).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    // 1 January 2026 is a Thursday: the fourth column.
    expect(within(january).getByRole('button', { name: '01 Jan 2026' })).toHaveStyle({
      gridColumnStart: '4',
    });
    expect(within(january).getByRole('button', { name: '14 Jan 2026' })).toBeEnabled();
    expect(within(january).getByRole('button', { name: '15 Jan 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(within(january).getByRole('button', { name: '05 Jan 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('picks a range in either order and applies it; Cancel leaves it', () => {
    const onApply = vi.fn();
    const onCancel = vi.fn();
    render(
      <DateRangeCalendar
        today="2026-01-14"
        initial={{ start: '2026-01-01', end: '2026-01-14' }}
        onCancel={onCancel}
        onApply={onApply}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '10 Jan 2026' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '20 Dec 2025' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ start: '2025-12-20', end: '2026-01-10' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
