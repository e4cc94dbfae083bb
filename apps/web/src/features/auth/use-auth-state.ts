import type { AppProfile, NetworkProfile } from '@outpilot/contracts';
import { useExtensionInstalled, useNetworkProfile, useProfile } from './auth-queries.ts';
import { decideOnboardingStep, type OnboardingStep } from './decide-onboarding-step.ts';

export type AuthState =
  | { status: 'unresolved' }
  | { status: 'failed'; error: unknown }
  | {
      status: 'none';
      step: OnboardingStep;
      profile: AppProfile | null;
      networkProfile: NetworkProfile | null;
    }
  | { status: 'auth'; profile: AppProfile; networkProfile: NetworkProfile | null };

/**
 * Seed 000 §4: unresolved while loading; 'none' as soon as the extension is missing or the user is
 * signed out; otherwise decided after the network profile and the app profile have both been checked.
 */
export function useAuthState(): AuthState {
  const extension = useExtensionInstalled();
  const isInstalled = extension.data === true;
  const profile = useProfile(isInstalled);
  const networkProfile = useNetworkProfile(isInstalled);

  if (extension.isError) return { status: 'failed', error: extension.error };
  if (extension.isPending) return { status: 'unresolved' };
  if (!isInstalled) return { status: 'none', step: 'install-extension', profile: null, networkProfile: null };
  if (profile.isError) return { status: 'failed', error: profile.error };
  if (profile.isPending) return { status: 'unresolved' };
  // Signed out, the network account changes nothing: the sign-in screen shows without waiting for
  // it (the in-page agent loads the sandbox client for that answer; bench B17).
  if (profile.data === null) {
    return { status: 'none', step: 'sign-in', profile: null, networkProfile: networkProfile.data ?? null };
  }
  if (networkProfile.isPending) return { status: 'unresolved' };

  const step = decideOnboardingStep({ isExtensionInstalled: true, profile: profile.data });
  if (step === null && profile.data) {
    return { status: 'auth', profile: profile.data, networkProfile: networkProfile.data ?? null };
  }
  return {
    status: 'none',
    step: step ?? 'sign-in',
    profile: profile.data,
    networkProfile: networkProfile.data ?? null,
  };
}
