import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { browserTimezoneOffset, defaultTimezoneOffset } from '@outpilot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '../../notices/use-notify.tsx';
import { TimezoneSelect } from '../../workspace/timezone-select.tsx';
import { useUpdateTimezoneOffset } from '../../workspace/use-update-timezone-offset.ts';
import { authQueryKeys } from '../auth-queries.ts';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

/** Timezone screen (step 4): the browser's offset is preselected; Next saves it and the gate moves on. */
export function TimezoneStep({ now = () => new Date() }: { now?: () => Date }) {
  const [offset, setOffset] = useState(() => defaultTimezoneOffset(browserTimezoneOffset(now())));
  const update = useUpdateTimezoneOffset();
  const queryClient = useQueryClient();
  const { notifyError } = useNotify();

  const next = () =>
    update.mutate(offset, {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueryKeys.profile }),
      onError: notifyError,
    });

  return (
    <OnboardingLayout step={onboardingStepNumbers.timezone} title="Choose your GMT and working hours">
      <Typography color="text.secondary">You can reset this step in personal account later</Typography>
      <TimezoneSelect value={offset} onChange={setOffset} disabled={update.isPending} />
      <Button variant="contained" size="large" loading={update.isPending} onClick={next}>
        Next
      </Button>
    </OnboardingLayout>
  );
}
