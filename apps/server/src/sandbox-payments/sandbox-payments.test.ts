import { sandboxPaymentsBasePath } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

const hourMs = 3_600_000;

describe.each(testBackends())('sandbox payment provider on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const api = async (
    method: string,
    path: string,
    body?: unknown,
    key = server.config.payments.secretKey,
  ) => {
    const response = await fetch(`${server.url}${sandboxPaymentsBasePath}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };
  const session = {
    plan_id: 'pro',
    unit_amount: 5900,
    quantity: 1,
    customer_email: 'ada@example.com',
    customer_name: 'Ada Lovelace',
    billing_country: 'LI',
    metadata: { personaId: 'p1' },
    success_url: 'http://127.0.0.1/upgrade?checkout_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1/upgrade',
  };

  it('answers like the real provider: a wrong key, a missing object, an unknown coupon, a bad parameter', async () => {
    expect(await api('GET', '/v1/subscriptions/sub_x', undefined, 'sk_wrong')).toEqual({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
    });
    expect(await api('GET', '/v1/subscriptions/sub_missing')).toMatchObject({
      status: 404,
      body: { error: { code: 'resource_missing', message: "No such subscription: 'sub_missing'" } },
    });
    expect(await api('POST', '/v1/checkout/sessions', { ...session, coupon: 'NOPE' })).toMatchObject({
      status: 404,
      body: { error: { code: 'resource_missing', param: 'discounts[0][coupon]' } },
    });
    expect(await api('POST', '/v1/checkout/sessions', { ...session, unit_amount: -1 })).toMatchObject({
      status: 400,
      body: { error: { code: 'parameter_invalid', param: 'unit_amount' } },
    });
  });

  it('expires an unpaid checkout after 24 hours', async () => {
    const created = await api('POST', '/v1/checkout/sessions', session);
    expect(created.body).toMatchObject({ status: 'open', url: expect.stringContaining('/pay/cs_') });
    server.clock.advance(24 * hourMs + 1);
    expect((await api('GET', `/v1/checkout/sessions/${created.body.id}`)).body.status).toBe('expired');
    const page = await fetch(created.body.url);
    expect(await page.text()).toContain('This checkout session is no longer open.');
  });
});
