import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

const hourMs = 3_600_000;

describe.each(testBackends())('sandbox payment provider on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  /** Stripe's own client, pointed at the sandbox with its host, port and protocol options. */
  const client = (key = server.config.payments.secretKey) => {
    const url = new URL(server.url);
    return new Stripe(key, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  };
  /** A raw form-encoded call, for what the client would never send. */
  const raw = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.config.payments.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: unknown) => error as InstanceType<typeof Stripe.errors.StripeError>,
    );

  async function sessionParams(stripe: Stripe) {
    const product = await stripe.products.create({ name: 'Sandbox Pro', metadata: { plan_id: 'pro' } });
    return {
      mode: 'subscription' as const,
      customer_email: 'ada@example.com',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            product: product.id,
            unit_amount: 5900,
            recurring: { interval: 'month' as const },
          },
          quantity: 1,
        },
      ],
      metadata: { personaId: 'p1' },
      success_url: 'http://127.0.0.1/upgrade?checkout_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1/upgrade',
    };
  }

  it('answers like Stripe: a wrong key, a missing object, an unknown coupon, a bad or unknown parameter', async () => {
    const wrongKey = await failure(client('sk_wrong').subscriptions.retrieve('sub_x'));
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const missing = await failure(client().subscriptions.retrieve('sub_missing'));
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_missing'",
    });
    const stripe = client();
    const params = await sessionParams(stripe);
    const coupon = await failure(
      stripe.checkout.sessions.create({ ...params, discounts: [{ coupon: 'NOPE' }] }),
    );
    expect(coupon).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'discounts[0][coupon]',
    });
    const negative = await failure(
      stripe.checkout.sessions.create({
        ...params,
        line_items: params.line_items.map((line) => ({
          ...line,
          price_data: { ...line.price_data, unit_amount: -1 },
        })),
      }),
    );
    expect(negative).toMatchObject({ statusCode: 400, code: 'parameter_invalid' });
    expect(await raw('/v1/customers', { email: 'ada@example.com', nickname: 'Ada' })).toMatchObject({
      status: 400,
      body: { error: { code: 'parameter_unknown', message: 'Received unknown parameter: nickname' } },
    });
  });

  it('expires an unpaid checkout after 24 hours, as Stripe shapes it', async () => {
    const stripe = client();
    const created = await stripe.checkout.sessions.create(await sessionParams(stripe));
    expect(created).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      url: expect.stringContaining('/pay/cs_'),
      amount_total: 5900,
    });
    const page = created.url ?? '';
    server.clock.advance(24 * hourMs + 1);
    const expired = await stripe.checkout.sessions.retrieve(created.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect(await (await fetch(page)).text()).toContain('This checkout session is no longer open.');
  });
});
