import Button from '@mui/material/Button';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { type CurrentPath, useSignIn } from '../use-sign-in.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

/** `currentPath`: where the sign-in returns to (the router's location, or the window's before it loads). */
export function SignInStep({ currentPath }: { currentPath: CurrentPath }) {
  const signIn = useSignIn(currentPath);
  return (
    <OnboardingLayout
      step={onboardingStepNumbers['sign-in']}
      title="My name is Outpilot & I am here to help you!"
    >
      <Button variant="contained" size="large" loading={signIn.isPending} onClick={() => signIn.mutate()}>
        Sign In
      </Button>
    </OnboardingLayout>
  );
}
