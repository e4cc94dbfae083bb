import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { weekdays } from '@outpilot/contracts';
import { validateEditor, workingHoursMessages } from '@outpilot/domain';
import { Controller } from 'react-hook-form';
import { TimeRangeInput } from './time-range-input.tsx';
import type { WorkingHoursForm } from './use-working-hours-form.ts';
import { weekdayNames } from './weekday-names.ts';

type WorkingHoursEditorProps = {
  form: WorkingHoursForm;
  disabled?: boolean;
};

/**
 * The per-weekday working-hours editor (onboarding step 5, account page, side panel): a checkbox and
 * a masked range per day, with the domain's error texts under each selected day's input.
 */
export function WorkingHoursEditor({ form, disabled = false }: WorkingHoursEditorProps) {
  const validation = validateEditor(form.watch());
  return (
    <Stack spacing={1}>
      {weekdays.map((day) => (
        <Controller
          key={day}
          name={day}
          control={form.control}
          render={({ field }) => (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <FormControlLabel
                sx={{ width: 150, mt: 0.25 }}
                label={weekdayNames[day]}
                disabled={disabled}
                control={
                  <Checkbox
                    checked={field.value.selected}
                    onChange={(event) => field.onChange({ ...field.value, selected: event.target.checked })}
                  />
                }
              />
              <TimeRangeInput
                label={`${weekdayNames[day]} working hours`}
                value={field.value.range}
                disabled={disabled || !field.value.selected}
                error={validation.dayErrors[day]}
                onChange={(range) => field.onChange({ ...field.value, range })}
              />
            </Stack>
          )}
        />
      ))}
      {validation.noDaySelected && (
        <Typography color="error" variant="body2" role="alert">
          {workingHoursMessages.noDaySelected}
        </Typography>
      )}
    </Stack>
  );
}
