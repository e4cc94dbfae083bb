import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { personas, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { ProviderSubscription } from './payments-port.ts';

/**
 * Stores the provider's view of a subscription as the persona's (the provider's state wins). A
 * subscription that has ended does not replace a newer one the persona bought since.
 */
export async function reconcileSubscription(
  deps: { db: Executor; clock: AppDeps['clock'] },
  subscription: ProviderSubscription,
): Promise<void> {
  const [persona] = await deps.db
    .select({ id: personas.id })
    .from(personas)
    .where(eq(personas.id, subscription.personaId));
  if (!persona) return;
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
  await deps.db
    .insert(subscriptions)
    .values({ personaId: persona.id, ...values })
    .onConflictDoUpdate({
      target: subscriptions.personaId,
      set: values,
      setWhere:
        subscription.status === 'canceled'
          ? sql`${subscriptions.providerSubscriptionId} = ${subscription.id} or ${subscriptions.providerStatus} = 'canceled'`
          : undefined,
    });
}
