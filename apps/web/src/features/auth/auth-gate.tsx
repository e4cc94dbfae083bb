import Box from '@mui/material/Box';
import type { AppProfile } from '@outpilot/contracts';
import type { ReactNode } from 'react';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import type { OnboardingStep } from './decide-onboarding-step.ts';
import { InstallExtensionStep } from './onboarding/install-extension-step.tsx';
import { LinkAccountStep } from './onboarding/link-account-step.tsx';
import { SignInStep } from './onboarding/sign-in-step.tsx';
import { TimezoneStep } from './onboarding/timezone-step.tsx';
import { WorkingHoursStep } from './onboarding/working-hours-step.tsx';
import { useAuthState } from './use-auth-state.ts';

function OnboardingScreen({ step, profile }: { step: OnboardingStep; profile: AppProfile | null }) {
  switch (step) {
    case 'install-extension':
      return <InstallExtensionStep />;
    case 'timezone':
      return <TimezoneStep />;
    case 'working-hours':
      return <WorkingHoursStep />;
    case 'link-account':
      return profile ? <LinkAccountStep profile={profile} /> : <SignInStep />;
    case 'sign-in':
      return <SignInStep />;
  }
}

/** The access gate of protected routes: spinner while resolving, onboarding for 'none', children for 'auth'. */
export function AuthGate({ children }: { children: (profile: AppProfile) => ReactNode }) {
  const state = useAuthState();
  switch (state.status) {
    case 'unresolved':
      return (
        <Box component="main">
          <FullPageSpinner />
        </Box>
      );
    case 'failed':
      throw state.error;
    case 'none':
      return <OnboardingScreen step={state.step} profile={state.profile} />;
    case 'auth':
      return children(state.profile);
  }
}
