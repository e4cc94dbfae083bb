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
import type { Executor } from '../db/executor.ts';
import { personas, subscriptions } from '../db/schema.ts';
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
  ownerId: string;
  /** The provider's records behind a paid plan; null on the trial. */
  paid: { subscriptionId: string; customerId: string; cancelAtPeriodEnd: boolean } | null;
};

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
    })
    .from(personas)
    .leftJoin(subscriptions, eq(subscriptions.personaId, personas.id))
    .where(eq(personas.id, personaId));
  if (!row) throw new NotFoundError('Profile not found');
  const paid = row.subscription;
  if (!paid) {
    const trialEndsAt = row.persona.trialEndsAt;
    return {
      planId: 'trial',
      isActive: trialEndsAt !== null && deps.clock.now() < trialEndsAt,
      state: 'active',
      activatedAt: row.persona.createdAt,
      nextChargeAt: null,
      expiresAt: trialEndsAt,
      actualPriceCents: 0,
      basePriceCents: 0,
      ownerId: personaId,
      paid: null,
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
    ownerId: personaId,
    paid: {
      subscriptionId: paid.providerSubscriptionId,
      customerId: paid.providerCustomerId,
      cancelAtPeriodEnd: paid.cancelAtPeriodEnd,
    },
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
    activated_by: null,
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
