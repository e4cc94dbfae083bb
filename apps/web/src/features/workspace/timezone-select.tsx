import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { timezoneOptions } from '@outpilot/domain';
import { useId } from 'react';

type TimezoneSelectProps = {
  value: number;
  onChange: (offset: number) => void;
  disabled?: boolean;
};

/** The 'Timezone' dropdown of the timezone options (GMT-12:00 to GMT+12:00, minute offsets). */
export function TimezoneSelect({ value, onChange, disabled }: TimezoneSelectProps) {
  const labelId = useId();
  return (
    <FormControl fullWidth size="small" disabled={disabled}>
      <InputLabel id={labelId}>Timezone</InputLabel>
      <Select
        labelId={labelId}
        label="Timezone"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {timezoneOptions.map((option) => (
          <MenuItem key={option.offset} value={option.offset}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
