import {
  billingMessages,
  type CheckoutResponse,
  isAllowed,
  isInTeamTrialWindow,
  type MemberSubscriptionRequest,
  type TeamNoticeResponse,
  teamMessages,
} from '@outpilot/contracts';
import { and, eq } from 'drizzle-orm';
import { changePlan, openCheckout, setCancellation } from '../billing/billing-commands.ts';
import { loadSubscription, type SubscriptionView } from '../billing/load-subscription.ts';
import { endStaleSubscription, reconcileSubscription } from '../billing/reconcile-subscription.ts';
import { teamPaidSubscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotAuthorizedError, NotFoundError, ValidationError } from '../errors.ts';
import { recordMemberCheckoutPayer } from './record-member-checkout-payer.ts';
import { recordTeamChange } from './record-team-change.ts';
import {
  findMembership,
  findTeamMember,
  type Membership,
  requireTeamPlan,
  roleOf,
  type TeamCaller,
} from './team-membership.ts';

type MemberSubscriptionDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments'>;

const refuse = (message: string) => new AppError(422, 'UnprocessableEntity', message);

/** Where the payer's checkout for a member comes back: the members page syncs it there. */
export const memberCheckoutReturnPath = '/team/members';

type MemberTarget = {
  membership: Membership;
  memberId: string;
  memberPersonaId: string;
  email: string;
  member: SubscriptionView;
};

/**
 * §6: a member's subscription is changed only outside a member session, by someone whose own plan
 * is not the trial, who is the team owner (or a manager within the team-trial window), and never
 * on the owner's own row; the member must have joined.
 */
async function requireMemberSubscriptionTarget(
  deps: MemberSubscriptionDeps,
  caller: TeamCaller,
  memberId: string,
): Promise<MemberTarget> {
  if (caller.actor) throw new AppError(403, 'NotAuthorized', teamMessages.noBillingInMemberSession);
  const membership = await findMembership(deps.db, caller.personaId);
  if (!membership) throw new NotFoundError(teamMessages.noTeam);
  const own = await loadSubscription(deps, caller.personaId);
  const row = await findTeamMember(deps.db, membership.teamId, memberId);
  const target = roleOf(row);
  const inWindow =
    membership.role === 'manager' &&
    target === 'user' &&
    isInTeamTrialWindow(own.activatedAt, deps.clock.now());
  if (!isAllowed('manageMemberSubscription', membership.role, target) && !inWindow)
    throw new NotAuthorizedError();
  if (own.planId === 'trial') throw new AppError(403, 'NotAuthorized', teamMessages.payerOnTrial);
  if (row.acceptedAt === null || row.personaId === null) throw refuse(teamMessages.memberPending);
  return {
    membership,
    memberId: row.id,
    memberPersonaId: row.personaId,
    email: row.email,
    member: await loadSubscription(deps, row.personaId),
  };
}

/** Upgrade, cancel and resume are for a plan the team pays: not a trial, not Self-Paid (§6). */
function requireTeamPaid(target: MemberTarget): void {
  const { member } = target;
  if (!member.paid || !member.isActive) throw refuse(teamMessages.memberNoSubscription);
  if (member.ownerId === target.memberPersonaId) throw refuse(teamMessages.memberNotPaidByTeam);
}

async function record(
  deps: MemberSubscriptionDeps,
  caller: TeamCaller,
  target: MemberTarget,
  change: 'upgraded' | 'canceled' | 'resumed',
  planId: string,
) {
  await recordTeamChange(deps, {
    teamId: target.membership.teamId,
    actorPersonaId: caller.personaId,
    action: 'member_subscription_changed',
    subject: target.email,
    details: { change, plan: planId },
  });
}

/**
 * POST team/personas/{id}/subscription: a trial or inactive member is activated (bought for):
 * the payer's hosted checkout with the member as the persona, the promo code applied there.
 */
export async function activateMemberSubscription(
  deps: MemberSubscriptionDeps,
  caller: TeamCaller,
  memberId: string,
  request: MemberSubscriptionRequest,
): Promise<CheckoutResponse> {
  const target = await requireMemberSubscriptionTarget(deps, caller, memberId);
  await requireTeamPlan(deps, target.membership.ownerPersonaId);
  if (target.member.paid && target.member.isActive) throw refuse(teamMessages.memberAlreadyActive);
  const checkout = await openCheckout(deps, {
    payer: caller,
    personaId: target.memberPersonaId,
    request,
    returnUrl: `${deps.config.publicUrl}${memberCheckoutReturnPath}?member=${target.memberId}`,
  });
  await deps.db.insert(teamPaidSubscriptions).values({
    checkoutId: checkout.checkout_id,
    teamId: target.membership.teamId,
    payerPersonaId: caller.personaId,
    memberPersonaId: target.memberPersonaId,
    createdAt: deps.clock.now(),
  });
  return checkout;
}

/** POST team/personas/{id}/subscription/sync: the payer's completed checkout becomes the member's plan. */
export async function syncMemberSubscription(
  deps: MemberSubscriptionDeps,
  caller: TeamCaller,
  memberId: string,
  request: { checkout_id: string },
): Promise<TeamNoticeResponse> {
  const target = await requireMemberSubscriptionTarget(deps, caller, memberId);
  const [opened] = await deps.db
    .select()
    .from(teamPaidSubscriptions)
    .where(
      and(
        eq(teamPaidSubscriptions.checkoutId, request.checkout_id),
        eq(teamPaidSubscriptions.teamId, target.membership.teamId),
        eq(teamPaidSubscriptions.memberPersonaId, target.memberPersonaId),
      ),
    );
  // A checkout opened for someone else is answered like a missing one.
  if (!opened) throw new NotFoundError(billingMessages.checkoutNotFound);
  const checkout = await deps.payments.getCheckout(opened.checkoutId);
  if (!checkout || checkout.personaId !== target.memberPersonaId)
    throw new NotFoundError(billingMessages.checkoutNotFound);
  if (checkout.status !== 'complete' || !checkout.subscriptionId)
    throw refuse(billingMessages.checkoutNotCompleted);
  const subscription = await deps.payments.getSubscription(checkout.subscriptionId);
  // The webhook may have recorded the payer already (and the audit line with it).
  const reconciled = await deps.db.transaction(async (tx) => {
    const stored = await reconcileSubscription({ db: tx, clock: deps.clock }, subscription);
    await recordMemberCheckoutPayer({ db: tx, clock: deps.clock }, subscription, opened.checkoutId);
    return stored;
  });
  await endStaleSubscription(deps, reconciled);
  return { message: teamMessages.activated };
}

/** PUT team/personas/{id}/subscription: another plan now, prorated ('the difference … next payment'). */
export async function upgradeMemberSubscription(
  deps: MemberSubscriptionDeps,
  caller: TeamCaller,
  memberId: string,
  request: MemberSubscriptionRequest,
): Promise<TeamNoticeResponse> {
  if (request.coupon !== undefined)
    throw new ValidationError('coupon', teamMessages.couponOnlyWhenActivating);
  const target = await requireMemberSubscriptionTarget(deps, caller, memberId);
  await requireTeamPlan(deps, target.membership.ownerPersonaId);
  requireTeamPaid(target);
  await changePlan(deps, { userId: caller.userId, personaId: target.memberPersonaId }, request);
  await record(deps, caller, target, 'upgraded', request.plan_id);
  return { message: teamMessages.upgraded };
}

/** PUT …/subscription/cancel (at the period's end) and …/resume: the team-paid plan only. */
export async function setMemberCancellation(
  deps: MemberSubscriptionDeps,
  caller: TeamCaller,
  memberId: string,
  cancel: boolean,
): Promise<TeamNoticeResponse> {
  const target = await requireMemberSubscriptionTarget(deps, caller, memberId);
  requireTeamPaid(target);
  await setCancellation(deps, { userId: caller.userId, personaId: target.memberPersonaId }, cancel);
  await record(deps, caller, target, cancel ? 'canceled' : 'resumed', target.member.planId);
  return { message: cancel ? teamMessages.canceled : teamMessages.resumed };
}

/** §6: a member is removed only when their plan is inactive, self-owned or has no owner. */
export async function requireRemovable(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberPersonaId: string | null,
): Promise<void> {
  if (memberPersonaId === null) return;
  const view = await loadSubscription(deps, memberPersonaId);
  if (view.isActive && view.ownerId !== memberPersonaId) throw refuse(teamMessages.removePaidMember);
}
