import {
  billingMessages,
  type PlanFeature,
  type PlanId,
  planCatalogue,
  planHasFeature,
  planIdSchema,
  type SubscriptionResponse,
  type SubscriptionState,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/executor.ts';
import { personas, subscriptions, teamPaidSubscriptions, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError } from '../errors.ts';

/** A persona's subscription as the app reads it: its paid plan from the provider, else its trial. */
export type SubscriptionView = {
  planId: PlanId;
  isActive: boolean;
  state: SubscriptionState;
  activatedAt: Date;
  nextChargeAt: Date | null;
  expiresAt: Date | null;
  actualPriceCents: number;
  basePriceCents: number;
  /** The persona that pays: the persona itself, or a team member who bought it for them. */
  ownerId: string;
  /** §2 'Activated by': who bought the plan for this persona; null when self-paid. */
  activatedBy: { name: string; email: string } | null;
  /** The provider's records behind a paid plan; null on the trial. */
  paid: { subscriptionId: string; customerId: string; cancelAtPeriodEnd: boolean } | null;
  /** The server's instant the view was read at: what 'active' and the trial's time left are measured from. */
  asOf: Date;
};

const payerPersona = alias(personas, 'payer_persona');
const payerUser = alias(users, 'payer_user');

/**
 * The provider's status mapped onto §3's state: a cancel takes effect at the period's end, so a
 * canceled subscription stays active until then; past due is overdue and no longer active.
 */
export async function loadSubscription(
  deps: { db: Executor; clock: AppDeps['clock'] },
  personaId: string,
): Promise<SubscriptionView> {
  const [row] = await deps.db
    .select({
      persona: { createdAt: personas.createdAt, trialEndsAt: personas.trialEndsAt },
      subscription: subscriptions,
      payerPersonaId: teamPaidSubscriptions.payerPersonaId,
      payer: { givenName: payerUser.givenName, familyName: payerUser.familyName, email: payerUser.email },
    })
    .from(personas)
    .leftJoin(subscriptions, eq(subscriptions.personaId, personas.id))
    .leftJoin(
      teamPaidSubscriptions,
      eq(teamPaidSubscriptions.providerSubscriptionId, subscriptions.providerSubscriptionId),
    )
    .leftJoin(payerPersona, eq(payerPersona.id, teamPaidSubscriptions.payerPersonaId))
    .leftJoin(payerUser, eq(payerUser.id, payerPersona.userId))
    .where(eq(personas.id, personaId));
  if (!row) throw new NotFoundError('Profile not found');
  const asOf = deps.clock.now();
  const paid = row.subscription;
  if (!paid) {
    const trialEndsAt = row.persona.trialEndsAt;
    return {
      planId: 'trial',
      isActive: trialEndsAt !== null && asOf < trialEndsAt,
      state: 'active',
      activatedAt: row.persona.createdAt,
      nextChargeAt: null,
      expiresAt: trialEndsAt,
      actualPriceCents: 0,
      basePriceCents: 0,
      ownerId: personaId,
      activatedBy: null,
      paid: null,
      asOf,
    };
  }
  const renews = paid.providerStatus === 'active' && !paid.cancelAtPeriodEnd;
  const state: SubscriptionState =
    paid.providerStatus === 'past_due' ? 'overdue' : renews ? 'active' : 'canceled';
  return {
    planId: planIdSchema.parse(paid.planId),
    isActive: paid.providerStatus === 'active',
    state,
    activatedAt: paid.activatedAt,
    nextChargeAt: renews ? paid.currentPeriodEnd : null,
    expiresAt: renews ? null : paid.currentPeriodEnd,
    actualPriceCents: paid.actualPriceCents,
    basePriceCents: paid.basePriceCents,
    ownerId: row.payerPersonaId ?? personaId,
    activatedBy:
      row.payerPersonaId && row.payer
        ? { name: `${row.payer.givenName} ${row.payer.familyName}`.trim(), email: row.payer.email }
        : null,
    paid: {
      subscriptionId: paid.providerSubscriptionId,
      customerId: paid.providerCustomerId,
      cancelAtPeriodEnd: paid.cancelAtPeriodEnd,
    },
    asOf,
  };
}

const dollars = (cents: number) => cents / 100;

export function toSubscriptionResponse(view: SubscriptionView): SubscriptionResponse {
  return {
    plan_id: view.planId,
    is_active: view.isActive,
    state: view.state,
    activation_date: view.activatedAt.toISOString(),
    next_charge_date: view.nextChargeAt?.toISOString() ?? null,
    expiration_date: view.expiresAt?.toISOString() ?? null,
    actual_price: dollars(view.actualPriceCents),
    base_price: dollars(view.basePriceCents || planCatalogue[view.planId].PRICE * 100),
    owner_id: view.ownerId,
    activated_by: view.activatedBy,
    as_of: view.asOf.toISOString(),
  };
}

/** What the profile says about the plan (§3 subscriptionIsActive, isProPlanAccessible, isTeamPlanAccessible). */
export function planAccess(view: SubscriptionView) {
  return {
    subscriptionIsActive: view.isActive,
    isProPlanAccessible: view.isActive && planHasFeature(view.planId, 'salesNavigatorImports'),
    isTeamPlanAccessible: view.isActive && planHasFeature(view.planId, 'team'),
  };
}

/**
 * Refuses a call with 403 when the subscription has expired ('Subscription is expired', so the
 * app shows its attention notice) or its plan lacks the feature. Data stays readable either way.
 */
export async function requirePlanFeature(
  deps: { db: Executor; clock: AppDeps['clock'] },
  personaId: string,
  feature: PlanFeature | 'any',
): Promise<void> {
  const view = await loadSubscription(deps, personaId);
  if (!view.isActive) throw new AppError(403, 'NotAuthorized', billingMessages.subscriptionExpired);
  if (feature !== 'any' && !planHasFeature(view.planId, feature)) {
    throw new AppError(
      403,
      'NotAuthorized',
      feature === 'team' ? billingMessages.upgradeToTeam : billingMessages.upgradeToPro,
    );
  }
}
