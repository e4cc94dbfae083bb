import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type WorkingHours, weekdays } from '@outpilot/contracts';
import {
  canSubmit,
  fromWire,
  labelFor,
  type WorkingHoursEditorState,
  workingHoursNote,
} from '@outpilot/domain';
import { useMemo, useState } from 'react';
import { useNotify } from '../notices/use-notify.tsx';
import { useUpdateWorkingHours } from './use-update-working-hours.ts';
import { useWorkingHours } from './use-working-hours.ts';
import { useWorkingHoursForm } from './use-working-hours-form.ts';
import { weekdayNames } from './weekday-names.ts';
import { WorkingHoursEditor } from './working-hours-editor.tsx';

export const workingHoursChangedText = 'Working hours are changed';

function Schedule({ state }: { state: WorkingHoursEditorState }) {
  return (
    <Stack spacing={0.5} component="dl" sx={{ m: 0 }} aria-label="Schedule">
      {weekdays.map((day) => (
        <Stack key={day} direction="row" spacing={2} data-testid={`schedule-${day}`}>
          <Typography component="dt" sx={{ width: 120 }}>
            {weekdayNames[day]}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {state[day].selected ? state[day].range : '—'}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

type WorkingHoursSettingsProps = {
  timezoneOffset: number | null;
  /** The side panel edits directly; the account tab shows the schedule until Edit. */
  isAlwaysEditing?: boolean;
};

/** Working hours of the account page and the side panel: view, edit, Cancel restores, Apply saves. */
export function WorkingHoursSettings({ timezoneOffset, isAlwaysEditing = false }: WorkingHoursSettingsProps) {
  const workingHours = useWorkingHours();
  if (workingHours.isPending) return <CircularProgress size={24} aria-label="Loading working hours" />;
  if (workingHours.isError) return <Alert severity="error">{workingHours.error.message}</Alert>;
  return (
    <WorkingHoursSettingsForm
      saved={workingHours.data}
      timezoneOffset={timezoneOffset}
      isAlwaysEditing={isAlwaysEditing}
    />
  );
}

/** The settings once the saved hours are known: the form starts from them (never empty). */
function WorkingHoursSettingsForm({
  saved: savedWire,
  timezoneOffset,
  isAlwaysEditing,
}: {
  saved: WorkingHours;
  timezoneOffset: number | null;
  isAlwaysEditing: boolean;
}) {
  const update = useUpdateWorkingHours();
  const { notify, notifyError } = useNotify();
  const saved = useMemo(() => fromWire(savedWire), [savedWire]);
  // The form holds the saved hours until the user changes one: then it is a draft.
  const form = useWorkingHoursForm({ defaultValues: saved, values: saved });
  const [isEditOpen, setEditOpen] = useState(false);
  const hasDraft = form.formState.isDirty;

  const isEditing = isAlwaysEditing || isEditOpen;
  const close = () => {
    form.reset(saved);
    setEditOpen(false);
  };
  const apply = form.handleSubmit((hours) =>
    update.mutate(hours, {
      onSuccess: () => {
        notify({ message: workingHoursChangedText, variant: 'default' });
        form.reset(form.getValues());
        setEditOpen(false);
      },
      onError: notifyError,
    }),
  );

  return (
    <Stack spacing={2}>
      <Typography>Timezone: {timezoneOffset === null ? '—' : labelFor(timezoneOffset)}</Typography>
      {/* The account page's h1 and its tabs come before: the first heading of a tab is an h2. */}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Schedule
      </Typography>
      {isEditing ? (
        <WorkingHoursEditor form={form} disabled={update.isPending} />
      ) : (
        <Schedule state={saved} />
      )}
      <Typography color="text.secondary">{workingHoursNote()}</Typography>
      <Stack direction="row" spacing={1}>
        {isEditing ? (
          <>
            <Button onClick={close} disabled={update.isPending || (isAlwaysEditing && !hasDraft)}>
              Cancel
            </Button>
            <Button
              variant="contained"
              loading={update.isPending}
              disabled={!canSubmit(form.watch()) || (isAlwaysEditing && !hasDraft)}
              onClick={apply}
            >
              Apply
            </Button>
          </>
        ) : (
          <Button variant="outlined" onClick={() => setEditOpen(true)}>
            Edit
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
