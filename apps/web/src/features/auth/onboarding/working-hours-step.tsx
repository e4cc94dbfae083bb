import { onboardingStepNumbers } from '../decide-onboarding-step.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';

/** Working hours screen (step 5): the weekday editor and Accept button come with the working-hours issue. */
export function WorkingHoursStep() {
  return <OnboardingLayout step={onboardingStepNumbers['working-hours']} title="Working hours" />;
}
