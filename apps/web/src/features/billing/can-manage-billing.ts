import type { AppProfile, SubscriptionResponse } from '@outpilot/contracts';

/**
 * §2 Billing view: upgrade, cancel, resume and manage-payment controls (and the trial's upgrade
 * link) only when not impersonating and when nobody else owns the subscription.
 */
export function canManageBilling(profile: AppProfile, subscription: SubscriptionResponse): boolean {
  return profile.impersonatedPersona === null && subscription.owner_id === profile.personaId;
}

/** §6: a persona is upgraded when impersonating, or when its active subscription belongs to another persona. */
export function isUpgradedByAnother(profile: AppProfile, subscription: SubscriptionResponse): boolean {
  return (
    profile.impersonatedPersona !== null ||
    (subscription.is_active && subscription.owner_id !== profile.personaId)
  );
}
