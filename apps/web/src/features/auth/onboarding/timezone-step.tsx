import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

/** Timezone screen (step 4): its dropdown and Next button come with the working-hours issue. */
export function TimezoneStep() {
  return <OnboardingLayout step={onboardingStepNumbers.timezone} title="Choose your GMT and working hours" />;
}
