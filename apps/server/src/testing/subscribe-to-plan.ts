import type { PurchasablePlanId } from '@outpilot/contracts';
import { planCatalogue } from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import type { Database } from '../db/create-database.ts';
import { subscriptions } from '../db/schema.ts';

/**
 * A paid subscription row as if the payment provider had reported it (active, renewing in 30
 * days), for tests of features a plan unlocks; billing's own tests go through the provider.
 */
export async function subscribeToPlan(
  db: Database,
  personaId: string,
  planId: PurchasablePlanId,
  clock: Clock = systemClock,
): Promise<void> {
  const now = clock.now();
  const cents = planCatalogue[planId].PRICE * 100;
  await db.insert(subscriptions).values({
    personaId,
    planId,
    providerCustomerId: `cus_test_${personaId}`,
    providerSubscriptionId: `sub_test_${personaId}`,
    providerStatus: 'active',
    activatedAt: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    actualPriceCents: cents,
    basePriceCents: cents,
    updatedAt: now,
  });
}
