import { useNetworkProfile, useProfile } from '../auth/auth-queries.ts';

/**
 * Whether the browser is not signed in to the network with the account linked to the app (seed
 * 001 §2 queue banner): the activities cannot run there until it is. Unknown while either
 * profile loads, and never for a user with no linked account (onboarding covers that).
 */
export function useNetworkAccountWarning(): boolean {
  const profile = useProfile();
  const network = useNetworkProfile();
  const linked = profile.data?.linkedInProfile;
  if (!linked || network.isPending) return false;
  return network.data?.entityId !== linked.entityId;
}
