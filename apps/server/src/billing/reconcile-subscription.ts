import { and, eq, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { personas, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { PaymentsPort, ProviderSubscription } from './payments-port.ts';

/**
 * Stores the provider's view of a subscription as the persona's (the provider's state wins), when
 * it is the persona's current one: the one stored, or a newer one the persona bought since (an
 * overdue account buys again through checkout). An older subscription's news never replaces a
 * newer one: a late 'past due' of the old, unpaid subscription must not end the new one, nor an
 * ended subscription a newer one. Answers the provider id of a subscription that is no longer
 * the persona's current one and is still open at the provider (the one just replaced, or the
 * older one the news was about): the caller ends it with `endStaleSubscription` once its own
 * transaction is over, so the customer is never charged for two plans.
 */
export async function reconcileSubscription(
  deps: { db: Executor; clock: AppDeps['clock'] },
  subscription: ProviderSubscription,
): Promise<{ stale: string | null }> {
  const [persona] = await deps.db
    .select({ id: personas.id })
    .from(personas)
    .where(eq(personas.id, subscription.personaId));
  if (!persona) return { stale: null };
  const [stored] = await deps.db
    .select({
      id: subscriptions.providerSubscriptionId,
      status: subscriptions.providerStatus,
      startedAt: subscriptions.activatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.personaId, persona.id));
  const values = {
    planId: subscription.planId,
    providerCustomerId: subscription.customerId,
    providerSubscriptionId: subscription.id,
    providerStatus: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    activatedAt: subscription.startedAt,
    currentPeriodEnd: subscription.currentPeriodEnd,
    actualPriceCents: subscription.unitAmountCents,
    basePriceCents: subscription.baseAmountCents,
    updatedAt: deps.clock.now(),
  };
  const endedOnly = subscription.status === 'canceled';
  const written = await deps.db
    .insert(subscriptions)
    .values({ personaId: persona.id, ...values })
    .onConflictDoUpdate({
      target: subscriptions.personaId,
      set: values,
      setWhere: or(
        eq(subscriptions.providerSubscriptionId, subscription.id),
        and(
          lte(subscriptions.activatedAt, subscription.startedAt),
          endedOnly ? eq(subscriptions.providerStatus, 'canceled') : undefined,
        ),
      ),
    })
    .returning({ id: subscriptions.providerSubscriptionId });
  if (!stored || stored.id === subscription.id) return { stale: null };
  if (written.length > 0) return { stale: stored.status === 'canceled' ? null : stored.id };
  return { stale: subscription.status === 'canceled' ? null : subscription.id };
}

/**
 * Ends, at the provider and at once, a subscription that is no longer its persona's current one
 * (see reconcileSubscription). Its end comes back as an event about a subscription that is not
 * current, which changes nothing; should this call fail, the next news about it tries again.
 */
export async function endStaleSubscription(
  deps: { payments: PaymentsPort },
  reconciled: { stale: string | null },
): Promise<void> {
  if (reconciled.stale) await deps.payments.cancelNow(reconciled.stale);
}
