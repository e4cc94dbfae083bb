import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AppProfile } from '@outpilot/contracts';
import { canSubmit, defaultEditorState, labelFor, workingHoursNote } from '@outpilot/domain';
import { useState } from 'react';
import { useBridge } from '../../../bridge/bridge-context.tsx';
import { useNotify } from '../../notices/use-notify.tsx';
import { useUpdateWorkingHours } from '../../workspace/use-update-working-hours.ts';
import { useWorkingHoursForm } from '../../workspace/use-working-hours-form.ts';
import { WorkingHoursEditor } from '../../workspace/working-hours-editor.tsx';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';
import { ReadyDialog } from './ready-dialog.tsx';

/**
 * Working hours screen (step 5). The spec logs submit errors only (§8); the error notice is shown too,
 * so the user knows why nothing happened. The profile is not reloaded on success: the gate would leave
 * onboarding before the final modal is seen; "Let's start!" reloads the page instead.
 */
export function WorkingHoursStep({ profile }: { profile: AppProfile }) {
  const form = useWorkingHoursForm({ defaultValues: defaultEditorState() });
  const [isReady, setIsReady] = useState(false);
  const update = useUpdateWorkingHours();
  const bridge = useBridge();
  const { notifyError } = useNotify();

  const accept = form.handleSubmit((workingHours) =>
    update.mutate(workingHours, {
      onSuccess: () => setIsReady(true),
      onError: (error) => {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        bridge
          .send('logging', 'report', { severity: 'error', event_id: 'working-hours-submit', message })
          .catch(() => undefined);
        notifyError(error);
      },
    }),
  );

  return (
    <OnboardingLayout step={onboardingStepNumbers['working-hours']} title="Working hours">
      {profile.timezoneOffset !== null && (
        <Typography sx={{ fontWeight: 600 }}>{labelFor(profile.timezoneOffset)}</Typography>
      )}
      <Typography color="text.secondary">{workingHoursNote()}</Typography>
      <WorkingHoursEditor form={form} disabled={update.isPending || isReady} />
      <Button
        variant="contained"
        size="large"
        loading={update.isPending}
        disabled={!canSubmit(form.watch())}
        onClick={accept}
      >
        Accept
      </Button>
      {isReady && <ReadyDialog />}
    </OnboardingLayout>
  );
}
