import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { weekdays } from '@outpilot/contracts';
import { validateEditor, type WorkingHoursEditorState, workingHoursMessages } from '@outpilot/domain';
import { TimeRangeInput } from './time-range-input.tsx';
import { weekdayNames } from './weekday-names.ts';

type WorkingHoursEditorProps = {
  value: WorkingHoursEditorState;
  onChange: (value: WorkingHoursEditorState) => void;
  disabled?: boolean;
};

/**
 * The per-weekday working-hours editor (onboarding step 5, account page, side panel): a checkbox and
 * a masked range per day, with the domain's error texts under each selected day's input.
 */
export function WorkingHoursEditor({ value, onChange, disabled = false }: WorkingHoursEditorProps) {
  const validation = validateEditor(value);
  return (
    <Stack spacing={1}>
      {weekdays.map((day) => (
        <Stack key={day} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormControlLabel
            sx={{ width: 150, mt: 0.25 }}
            label={weekdayNames[day]}
            disabled={disabled}
            control={
              <Checkbox
                checked={value[day].selected}
                onChange={(event) =>
                  onChange({ ...value, [day]: { ...value[day], selected: event.target.checked } })
                }
              />
            }
          />
          <TimeRangeInput
            label={`${weekdayNames[day]} working hours`}
            value={value[day].range}
            disabled={disabled || !value[day].selected}
            error={validation.dayErrors[day]}
            onChange={(range) => onChange({ ...value, [day]: { ...value[day], range } })}
          />
        </Stack>
      ))}
      {validation.noDaySelected && (
        <Typography color="error" variant="body2" role="alert">
          {workingHoursMessages.noDaySelected}
        </Typography>
      )}
    </Stack>
  );
}
