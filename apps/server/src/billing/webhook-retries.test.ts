import { apiBasePath, billingPaths } from '@outpilot/contracts';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../db/schema.ts';
import { sandboxTestCards } from '../sandbox-payments/test-cards.ts';
import { callApi, signInNewAccount, testBackends } from '../testing/index.ts';
import { paySandboxCheckout } from '../testing/pay-sandbox-checkout.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/** One delivery the sandbox provider made to the app's webhook, and what became of it. */
type Delivery = { eventId: string; type: string; refused: boolean; duplicate?: boolean };

describe.each(testBackends())('webhook deliveries of the sandbox provider on $name', ({ databaseUrl }) => {
  // The app's webhook endpoint, made to refuse (503, as a server that is down) while `refusing`;
  // every delivery is logged with the app's answer. This server runs only this file's tests, so
  // every delivery is theirs.
  const gate = { refusing: false, deliveries: [] as Delivery[] };
  const webhookUrl = `${apiBasePath}${billingPaths.paymentsWebhook}`;
  const server = testServerForSuite(databaseUrl, {
    extend: (app) => {
      const eventOf = (body: unknown) => JSON.parse(String(body)) as { id: string; type: string };
      app.addHook('preHandler', async (request, reply) => {
        if (request.url !== webhookUrl || !gate.refusing) return;
        const { id, type } = eventOf(request.body);
        gate.deliveries.push({ eventId: id, type, refused: true });
        return reply.status(503).send({ message: 'down for maintenance' });
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url !== webhookUrl || reply.statusCode !== 200) return payload;
        const { id, type } = eventOf(request.body);
        const { duplicate } = JSON.parse(String(payload)) as { duplicate: boolean };
        gate.deliveries.push({ eventId: id, type, refused: false, duplicate });
        return payload;
      });
    },
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await callApi(server.url, method, path, token, body);
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };
  const deliveriesOf = (eventId: string) => gate.deliveries.filter((item) => item.eventId === eventId);

  it('delivers a refused event again after a second, reconciling the subscription once', async () => {
    gate.refusing = true;
    const { token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const checkout = await call('POST', billingPaths.checkout, token, { plan_id: 'pro' });
    expect((await paySandboxCheckout(checkout.body.url, sandboxTestCards.success)).status).toBe(303);
    // The customer does not come back to the app (no orders/sync): only the webhook can tell it.
    const paidEvents = ['invoice.paid', 'customer.subscription.created', 'checkout.session.completed'];
    // Each event is delivered, then delivered again at once (a duplicate), and both are refused.
    await expect
      .poll(() => paidEvents.map((type) => gate.deliveries.filter((item) => item.type === type).length))
      .toEqual([2, 2, 2]);
    expect((await call('GET', billingPaths.subscription, token)).body.plan_id).toBe('trial');

    gate.refusing = false;
    await expect
      .poll(async () => (await call('GET', billingPaths.subscription, token)).body, { timeout: 10_000 })
      .toMatchObject({ plan_id: 'pro', is_active: true, state: 'active' });
    const eventIds = paidEvents.map(
      (type) => gate.deliveries.find((item) => item.type === type)?.eventId ?? '',
    );
    await expect
      .poll(() => eventIds.map((id) => deliveriesOf(id).length), { timeout: 10_000 })
      .toEqual([3, 3, 3]);
    for (const id of eventIds) {
      // Refused twice, then taken by the retry a second later, which is handled as new.
      expect(deliveriesOf(id).map(({ refused, duplicate }) => ({ refused, duplicate }))).toEqual([
        { refused: true, duplicate: undefined },
        { refused: true, duplicate: undefined },
        { refused: false, duplicate: false },
      ]);
    }
    const handled = await server.db
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(inArray(paymentEvents.eventId, eventIds));
    expect(handled.map((row) => row.id).sort()).toEqual([...eventIds].sort());

    // A delivery the app takes is still sent twice: the second is answered as a duplicate.
    const canceled = await call('PUT', billingPaths.cancel, token);
    expect(canceled.body.state).toBe('canceled');
    const updated = () => gate.deliveries.filter((item) => item.type === 'customer.subscription.updated');
    await expect.poll(() => updated().length).toBe(2);
    await expect
      .poll(() => updated().map(({ eventId, duplicate }) => ({ eventId, duplicate })))
      .toEqual([
        { eventId: updated()[0]?.eventId, duplicate: false },
        { eventId: updated()[0]?.eventId, duplicate: true },
      ]);
    expect((await call('GET', billingPaths.subscription, token)).body).toEqual(canceled.body);
  });
});
