import type { AppProfile } from '@outpilot/contracts';

export type OnboardingStep = 'install-extension' | 'sign-in' | 'link-account' | 'timezone' | 'working-hours';

/** Step numbers of the 5-step onboarding (seed 000 §2 "Onboarding screens"). */
export const onboardingStepNumbers: Record<OnboardingStep, number> = {
  'install-extension': 1,
  'sign-in': 2,
  'link-account': 3,
  timezone: 4,
  'working-hours': 5,
};

export type AuthFacts = { isExtensionInstalled: boolean; profile: AppProfile | null };

/** Seed 000 §4: 'auth' only with the extension, a profile, a linked network account, a timezone and working hours. */
export function isAuthorized({ isExtensionInstalled, profile }: AuthFacts): boolean {
  return (
    isExtensionInstalled &&
    profile !== null &&
    profile.linkedInProfile !== null &&
    profile.timezoneOffset !== null &&
    profile.workingHoursSet
  );
}

/** Seed 000 §2 "Access gate": the first matching case wins; null when the user is authorized. */
export function decideOnboardingStep(facts: AuthFacts): OnboardingStep | null {
  if (isAuthorized(facts)) return null;
  const { isExtensionInstalled, profile } = facts;
  if (!isExtensionInstalled) return 'install-extension';
  if (profile?.linkedInProfile && profile.timezoneOffset === null) return 'timezone';
  if (profile?.linkedInProfile && !profile.workingHoursSet) return 'working-hours';
  if (profile && !profile.linkedInProfile) return 'link-account';
  return 'sign-in';
}
