import Button from '@mui/material/Button';
import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { useSignIn } from '../use-sign-in.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

export function SignInStep() {
  const signIn = useSignIn();
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
