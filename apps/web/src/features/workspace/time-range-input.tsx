import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { applyRangeMask, caretAfterDigits, digitsOf } from './range-mask.ts';

type TimeRangeInputProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string | undefined;
  disabled?: boolean;
};

/** A masked 'HH:MM-HH:MM' input: digits only; Backspace removes the last digit. */
export function TimeRangeInput({ value, onChange, label, error, disabled }: TimeRangeInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const digits = digitsOf(value);

  // Keeps the caret after the last digit, so typing always continues the mask.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && input === document.activeElement) {
      const caret = caretAfterDigits(digits);
      input.setSelectionRange(caret, caret);
    }
  }, [digits]);

  // On the input itself: TextField's own onKeyDown is its wrapper's, whose currentTarget has no
  // selection, so select-all then Backspace used to remove one digit instead of everything.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const selectsAll = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (event.key === 'Backspace' && !selectsAll) {
      event.preventDefault();
      onChange(applyRangeMask(digits.slice(0, -1)));
    }
  };

  return (
    <TextField
      size="small"
      value={value}
      placeholder="Enter working hours"
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      inputRef={inputRef}
      onChange={(event) => onChange(applyRangeMask(digitsOf(event.target.value)))}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'numeric', autoComplete: 'off', onKeyDown } }}
      sx={{ width: 180 }}
    />
  );
}
