import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppProfile } from '@outpilot/contracts';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { useSignOut } from '../use-sign-out.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

/**
 * Link-account screen (step 3). The Continue button (capture the network profile, confirm modal, link)
 * comes with the linking issue; until then only Log Out is offered.
 */
export function LinkAccountStep({ profile }: { profile: AppProfile }) {
  const signOut = useSignOut();
  return (
    <OnboardingLayout step={onboardingStepNumbers['link-account']} title="Link your LinkedIn account">
      <Typography sx={{ fontWeight: 600 }}>{profile.email}</Typography>
      <Typography>
        Please, make sure you are signed in to LinkedIn with right account. Check it before you continue!
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          Log Out
        </Button>
      </Stack>
    </OnboardingLayout>
  );
}
