import {
  type AppProfile,
  isInTeamTrialWindow,
  type PurchasablePlanId,
  purchasablePlanIds,
  type SubscriptionResponse,
  type TeamMember,
} from '@outpilot/contracts';

/** A member as the team area names them: contact name, else full name, else e-mail. */
export const displayNameOf = (member: TeamMember) => member.nickname || member.name || member.email;

export type MemberSubscriptionAction = 'activate' | 'upgrade' | 'cancel' | 'resume';

/** §6: an active subscription bought by the member itself ('Self-Paid'). */
export const isSelfPaid = (member: TeamMember) =>
  member.subscription?.is_active === true &&
  member.subscription.plan_id !== 'trial' &&
  member.subscription.owner_id === member.persona_id;

/**
 * §6: members' subscriptions are changed only when not impersonating, the user's own plan is not
 * the trial, and the user is the team owner or a manager within the team-trial window. `own` is
 * the user's own subscription (their row of the members list).
 */
export function mayManageMemberSubscriptions(
  profile: AppProfile,
  own: SubscriptionResponse | null,
  now: Date,
): boolean {
  if (profile.impersonatedPersona !== null || own === null || own.plan_id === 'trial') return false;
  return (
    profile.teamRole === 'owner' ||
    (profile.teamRole === 'manager' && isInTeamTrialWindow(new Date(own.activation_date), now))
  );
}

/**
 * The subscription actions a member's row offers (§4, §6): trial or inactive members are
 * activated, others upgraded (never the owner's row nor a Self-Paid plan); cancel needs an
 * active, non-trial, non-cancelled, team-paid plan; resume the canceled state.
 */
export function memberSubscriptionActions(member: TeamMember): MemberSubscriptionAction[] {
  const subscription = member.subscription;
  if (member.pending || member.role === 'owner' || subscription === null) return [];
  if (subscription.plan_id === 'trial' || !subscription.is_active) return ['activate'];
  if (isSelfPaid(member)) return [];
  if (subscription.state === 'canceled') return ['resume'];
  if (subscription.state === 'overdue') return [];
  return ['upgrade', 'cancel'];
}

/** §6: Remove is available when the member's plan is inactive, self-owned, or has no owner. */
export const isRemovable = (member: TeamMember) =>
  member.subscription === null ||
  !member.subscription.is_active ||
  member.subscription.owner_id === member.persona_id;

/** §2: the modal's plans leave out the member's current plan when it is active. */
export function offeredPlans(member: TeamMember): PurchasablePlanId[] {
  const current = member.subscription;
  return purchasablePlanIds.filter((plan) => !(current?.is_active && current.plan_id === plan));
}
