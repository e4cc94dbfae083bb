import Box from '@mui/material/Box';
import type { AppProfile } from '@outpilot/contracts';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import type { OnboardingStep } from './decide-onboarding-step.ts';
import { InstallExtensionStep } from './onboarding/install-extension-step.tsx';
import { SignInStep } from './onboarding/sign-in-step.tsx';
import { writeSignedInHint } from './signed-in-hint.ts';
import { useAuthState } from './use-auth-state.ts';

// Steps 3 to 5 are loaded when reached: a signed-in user never downloads them again.
const LinkAccountStep = lazy(async () => ({
  default: (await import('./onboarding/link-account-step.tsx')).LinkAccountStep,
}));
const TimezoneStep = lazy(async () => ({
  default: (await import('./onboarding/timezone-step.tsx')).TimezoneStep,
}));
const WorkingHoursStep = lazy(async () => ({
  default: (await import('./onboarding/working-hours-step.tsx')).WorkingHoursStep,
}));

function Spinner() {
  return (
    <Box component="main">
      <FullPageSpinner />
    </Box>
  );
}

function OnboardingScreen({ step, profile }: { step: OnboardingStep; profile: AppProfile | null }) {
  const { pathname, search, hash } = useLocation();
  const currentPath = () => `${pathname}${search}${hash}`;
  switch (step) {
    case 'install-extension':
      return <InstallExtensionStep />;
    case 'timezone':
      return <TimezoneStep />;
    case 'working-hours':
      return profile ? <WorkingHoursStep profile={profile} /> : <SignInStep currentPath={currentPath} />;
    case 'link-account':
      return profile ? <LinkAccountStep profile={profile} /> : <SignInStep currentPath={currentPath} />;
    case 'sign-in':
      return <SignInStep currentPath={currentPath} />;
  }
}

/** The access gate of protected routes: spinner while resolving, onboarding for 'none', children for 'auth'. */
export function AuthGate({ children }: { children: (profile: AppProfile) => ReactNode }) {
  const state = useAuthState();
  // Remembered for the next visit, whose start downloads the screens early when the gate opened.
  useEffect(() => {
    if (state.status === 'auth' || state.status === 'none') {
      writeSignedInHint(window.localStorage, state.status === 'auth');
    }
  }, [state.status]);
  switch (state.status) {
    case 'unresolved':
      return <Spinner />;
    case 'failed':
      throw state.error;
    case 'none':
      return (
        <Suspense fallback={<Spinner />}>
          <OnboardingScreen step={state.step} profile={state.profile} />
        </Suspense>
      );
    case 'auth':
      return children(state.profile);
  }
}
