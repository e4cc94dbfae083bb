import { eq } from 'drizzle-orm';
import { paymentEvents } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { BadRequestError } from '../errors.ts';
import { recordMemberCheckoutPayer } from '../team/record-member-checkout-payer.ts';
import { WebhookSignatureError } from './payments-port.ts';
import { endStaleSubscription, reconcileSubscription } from './reconcile-subscription.ts';

export const invalidWebhookMessage = 'The webhook signature is not valid';

/**
 * POST payments/webhook: a provider event, accepted only with a fresh signature of its exact body.
 * Idempotent by event id: a duplicate or replayed delivery changes nothing. The event only says
 * that something changed: the subscription is read back from the provider and stored as it says.
 * A member's plan bought by the team owner is recorded as paid by them here too (the tags of the
 * checkout say who paid), so 'Activated by' is right even if the payer never comes back.
 */
export async function handlePaymentWebhook(
  deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>,
  input: { rawBody: string; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean }> {
  let event: ReturnType<AppDeps['payments']['verifyWebhook']>;
  try {
    event = deps.payments.verifyWebhook(input.rawBody, input.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new BadRequestError(invalidWebhookMessage);
    throw error;
  }
  const [seen] = await deps.db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, event.id));
  if (seen) return { received: true, duplicate: true };
  const subscription = event.subscriptionId
    ? await deps.payments.getSubscription(event.subscriptionId)
    : null;
  const handled = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (inserted.length === 0) return { duplicate: true, stale: null };
    if (!subscription) return { duplicate: false, stale: null };
    const reconciled = await reconcileSubscription({ db: tx, clock: deps.clock }, subscription);
    await recordMemberCheckoutPayer({ db: tx, clock: deps.clock }, subscription, event.checkoutId);
    return { duplicate: false, ...reconciled };
  });
  await endStaleSubscription(deps, handled);
  return { received: true, duplicate: handled.duplicate };
}
