import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { timerMaxDays } from '@outpilot/contracts';
import { joinTimer, splitTimer, type TimerParts } from '@outpilot/domain';
import { useId } from 'react';

const partMax: Readonly<Record<keyof TimerParts, number>> = { days: timerMaxDays, hours: 23, minutes: 59 };
const partLabels: Readonly<Record<keyof TimerParts, string>> = {
  days: 'Days',
  hours: 'Hours',
  minutes: 'Minutes',
};

/**
 * A period as three inputs (§5): days 0-9999, hours 0-23, minutes 0-59. A value beyond an input's
 * range is held at its bound; a blank input resets the period to its minimum.
 */
export function TimerField({
  label,
  minutes,
  min,
  error,
  disabled,
  onChange,
}: {
  label: string;
  minutes: number;
  min: number;
  error: string | undefined;
  disabled: boolean;
  onChange: (minutes: number) => void;
}) {
  const groupId = useId();
  const parts = splitTimer(minutes);
  const change = (part: keyof TimerParts, text: string) => {
    if (text.trim() === '') return onChange(min);
    const value = Math.min(partMax[part], Math.max(0, Math.floor(Number(text))));
    if (Number.isNaN(value)) return;
    onChange(joinTimer({ ...parts, [part]: value }) ?? min);
  };
  return (
    <Stack role="group" aria-labelledby={groupId} spacing={0.5}>
      <Typography id={groupId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={1}>
        {(Object.keys(partMax) as (keyof TimerParts)[]).map((part) => (
          <TextField
            key={part}
            size="small"
            type="number"
            label={partLabels[part]}
            value={parts[part]}
            disabled={disabled}
            error={error !== undefined}
            onChange={(event) => change(part, event.target.value)}
            slotProps={{
              htmlInput: { min: 0, max: partMax[part], 'aria-label': `${label}: ${partLabels[part]}` },
            }}
            sx={{ width: part === 'days' ? 96 : 80 }}
          />
        ))}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
