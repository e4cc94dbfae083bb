import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeRangeInput } from './time-range-input.tsx';

function Field({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeRangeInput
      label="Monday working hours"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

const input = () => screen.getByRole('textbox', { name: 'Monday working hours' }) as HTMLInputElement;

describe('TimeRangeInput', () => {
  it('Backspace with everything selected leaves the deletion to the browser: the field empties', () => {
    const seen: string[] = [];
    render(<Field initial="09:00-19:00" seen={seen} />);
    input().focus();
    input().setSelectionRange(0, input().value.length);
    // Not prevented: the browser removes the selection and reports the empty text.
    expect(fireEvent.keyDown(input(), { key: 'Backspace' })).toBe(true);
    expect(seen).toEqual([]);
    fireEvent.change(input(), { target: { value: '' } });
    expect(input().value).toBe('');
    // Digits typed next fill the mask from its start.
    fireEvent.change(input(), { target: { value: '0800' } });
    expect(input().value).toBe('08:00-__:__');
  });

  it('Backspace without a selection removes the last digit, whatever the caret', () => {
    const seen: string[] = [];
    render(<Field initial="09:00-19:00" seen={seen} />);
    input().focus();
    input().setSelectionRange(2, 2);
    expect(fireEvent.keyDown(input(), { key: 'Backspace' })).toBe(false);
    expect(input().value).toBe('09:00-19:0_');
  });
});
