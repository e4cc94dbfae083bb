import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppProfile, NetworkProfile } from '@outpilot/contracts';
import { useState } from 'react';
import { useNotify } from '../../notices/use-notify.tsx';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { useSignOut } from '../use-sign-out.ts';
import { LinkConfirmDialog } from './link-confirm-dialog.tsx';
import { OnboardingLayout } from './onboarding-layout.tsx';
import { useCaptureNetworkProfile } from './use-capture-network-profile.ts';
import { useLinkNetworkProfile } from './use-link-network-profile.ts';

/** The notice when the browser is signed in to no network account (the spec gives no wording). */
export const notSignedInToNetworkText = 'Sign in to LinkedIn first, then press Continue';

/** Link-account screen (step 3): Continue captures the network profile and asks to confirm the link. */
export function LinkAccountStep({ profile }: { profile: AppProfile }) {
  const signOut = useSignOut();
  const capture = useCaptureNetworkProfile();
  const link = useLinkNetworkProfile();
  const { notify, notifyError } = useNotify();
  const [captured, setCaptured] = useState<NetworkProfile | null>(null);

  const onContinue = () =>
    capture.mutate(undefined, {
      onSuccess: (networkProfile) => {
        if (networkProfile) setCaptured(networkProfile);
        else notify({ message: notSignedInToNetworkText, variant: 'default' });
      },
      onError: notifyError,
    });

  const onLink = () => {
    if (!captured) return;
    link.mutate(captured, {
      onSuccess: () => {
        setCaptured(null);
        window.location.assign('/contacts');
      },
      onError: (error) => {
        setCaptured(null);
        notifyError(error);
      },
    });
  };

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
        <Button variant="contained" loading={capture.isPending} onClick={onContinue}>
          Continue
        </Button>
      </Stack>
      {captured && (
        <LinkConfirmDialog
          profile={captured}
          isLinking={link.isPending}
          onBack={() => setCaptured(null)}
          onLink={onLink}
        />
      )}
    </OnboardingLayout>
  );
}
