import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../test/fixtures.ts';
import { decideOnboardingStep, isAuthorized } from './decide-onboarding-step.ts';

describe('decideOnboardingStep', () => {
  it('is null only for an installed extension and a fully onboarded profile', () => {
    expect(decideOnboardingStep({ isExtensionInstalled: true, profile: makeProfile() })).toBeNull();
    expect(isAuthorized({ isExtensionInstalled: false, profile: makeProfile() })).toBe(false);
  });

  it('takes the first matching case of the access gate', () => {
    const step = (isExtensionInstalled: boolean, profile: ReturnType<typeof makeProfile> | null) =>
      decideOnboardingStep({ isExtensionInstalled, profile });
    expect(step(false, null)).toBe('install-extension');
    expect(step(true, makeProfile({ timezoneOffset: null, workingHoursSet: false }))).toBe('timezone');
    expect(step(true, makeProfile({ workingHoursSet: false }))).toBe('working-hours');
    expect(step(true, makeProfile({ linkedInProfile: null }))).toBe('link-account');
    expect(step(true, makeProfile({ linkedInProfile: null, timezoneOffset: null }))).toBe('link-account');
    expect(step(true, null)).toBe('sign-in');
  });

  it('keeps a zero timezone offset (GMT) as set', () => {
    expect(
      decideOnboardingStep({ isExtensionInstalled: true, profile: makeProfile({ timezoneOffset: 0 }) }),
    ).toBeNull();
  });
});
