import {
  billingMessages,
  billingPaths,
  campaignsPaths,
  importsPaths,
  sandboxPaymentsBasePath,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema.ts';
import { sandboxTestCards } from '../sandbox-payments/test-cards.ts';
import {
  callApi,
  issueTestSession,
  signInNewAccount,
  type TestAccount,
  testBackends,
} from '../testing/index.ts';
import { paySandboxCheckout } from '../testing/pay-sandbox-checkout.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { reconcileSubscription } from './reconcile-subscription.ts';
import { createStripePayments, webhookSignatureHeader } from './stripe-payments.ts';

/** Signs a delivery as Stripe does (the `stripe` package's own signing, as the sandbox provider's). */
const signWebhook = (secret: string, payload: string, at: Date) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });

async function answer(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const body: any = await response.json();
  return { status: response.status, body };
}

const day = 86_400_000;

/** A Pro feature's call (§6): refused with 403 on Basic and once the subscription has expired. */
const salesNavigatorImport = {
  source_type: 'sales_navigator_search',
  source_uri: 'https://www.linkedin.com/sales/search/people?query=x',
  name: 'Leads',
  total: 10,
};

describe.each(testBackends())('subscription and billing on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const call = async (method: string, path: string, token: string, body?: unknown) =>
    answer(await callApi(server.url, method, path, token, body));

  /** Access tokens live 15 minutes: after moving the clock on by days, the user signs in again. */
  const signInAgain = async (account: TestAccount) =>
    (await issueTestSession(server.app, account)).accessToken;

  const pay = paySandboxCheckout;

  async function subscribed(planId: 'basic' | 'pro' | 'team', card: string = sandboxTestCards.success) {
    const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const checkout = await call('POST', billingPaths.checkout, token, { plan_id: planId });
    expect(checkout.status).toBe(200);
    const paid = await pay(checkout.body.url, card);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${server.url}/upgrade?checkout_id=${checkout.body.checkout_id}`);
    const synced = await call('POST', billingPaths.ordersSync, token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(synced.status).toBe(200);
    return { account, token, checkoutId: checkout.body.checkout_id as string, subscription: synced.body };
  }

  it('starts a new account on a 14-day trial with the Basic features', async () => {
    const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const subscription = await call('GET', billingPaths.subscription, token);
    expect(subscription.status).toBe(200);
    expect(subscription.body).toMatchObject({
      plan_id: 'trial',
      is_active: true,
      state: 'active',
      next_charge_date: null,
      actual_price: 0,
      owner_id: account.personaId,
    });
    expect(new Date(subscription.body.expiration_date).getTime() - server.clock.now().getTime()).toBe(
      14 * day,
    );
    const profile = await call('GET', '/profile', token);
    expect(profile.body).toMatchObject({
      subscriptionIsActive: true,
      isProPlanAccessible: false,
      isTeamPlanAccessible: false,
    });
  });

  it('activates Pro through the hosted checkout and orders/sync, at the catalogue price', async () => {
    const { token, subscription } = await subscribed('pro');
    expect(subscription).toMatchObject({
      plan_id: 'pro',
      is_active: true,
      state: 'active',
      actual_price: 59,
      base_price: 59,
    });
    expect(new Date(subscription.next_charge_date).getTime()).toBeGreaterThan(
      server.clock.now().getTime() + 27 * day,
    );
    const invoices = await call('GET', billingPaths.invoices, token);
    expect(invoices.body.documents).toEqual([expect.objectContaining({ amount: 59, status: 'paid' })]);
    const invoicePage = await fetch(invoices.body.documents[0].url);
    expect(await invoicePage.text()).toContain('Subscription creation');
  });

  it('leaves everything as it was when the card is declined', async () => {
    const { token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const checkout = await call('POST', billingPaths.checkout, token, { plan_id: 'pro' });
    const declined = await pay(checkout.body.url, sandboxTestCards.declined);
    expect(declined.status).toBe(402);
    expect(declined.page).toContain('Your card was declined.');
    const sync = await call('POST', billingPaths.ordersSync, token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(sync).toMatchObject({ status: 422, body: { message: billingMessages.checkoutNotCompleted } });
    expect((await call('GET', billingPaths.subscription, token)).body.plan_id).toBe('trial');
  });

  it('asks to confirm a card that needs authentication, and pays once confirmed', async () => {
    const { token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const checkout = await call('POST', billingPaths.checkout, token, { plan_id: 'basic' });
    const step = await pay(checkout.body.url, sandboxTestCards.needsAuthentication);
    expect(step.location).toBe(`${sandboxPaymentsBasePath}/pay/${checkout.body.checkout_id}/authenticate`);
    const confirmed = await fetch(`${server.url}${step.location}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=complete',
    });
    expect(confirmed.status).toBe(303);
    const synced = await call('POST', billingPaths.ordersSync, token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(synced.body).toMatchObject({ plan_id: 'basic', is_active: true });
  });

  it('refuses unknown plans, unknown coupons and another account’s checkout', async () => {
    const { token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const unknownPlan = await call('POST', billingPaths.checkout, token, { plan_id: 'platinum' });
    expect(unknownPlan.status).toBe(422);
    expect(unknownPlan.body.message).toBe('The plan must be one of basic, pro, team');
    const coupon = await call('POST', billingPaths.checkout, token, { plan_id: 'pro', coupon: 'NOPE' });
    expect(coupon).toMatchObject({ status: 422, body: { message: billingMessages.couponNotFound } });
    const withPrice = await call('POST', billingPaths.checkout, token, { plan_id: 'pro', price: 1 });
    expect(withPrice.status).toBe(422);
    // The trial and the early-bird plan are in the catalogue but not for sale.
    for (const planId of ['trial', 'experimental']) {
      expect((await call('POST', billingPaths.checkout, token, { plan_id: planId })).status).toBe(422);
    }

    const other = await subscribed('basic');
    const stolen = await call('POST', billingPaths.ordersSync, token, { checkout_id: other.checkoutId });
    expect(stolen).toMatchObject({ status: 404, body: { message: billingMessages.checkoutNotFound } });
    expect((await call('GET', billingPaths.subscription, token)).body.plan_id).toBe('trial');
  });

  it('applies a coupon to the price, keeping the base price', async () => {
    const { token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const checkout = await call('POST', billingPaths.checkout, token, {
      plan_id: 'team',
      coupon: 'WELCOME10',
    });
    await pay(checkout.body.url, sandboxTestCards.success);
    const synced = await call('POST', billingPaths.ordersSync, token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(synced.body).toMatchObject({ plan_id: 'team', actual_price: 67.5, base_price: 75 });
    expect((await call('GET', '/profile', token)).body.isTeamPlanAccessible).toBe(true);
  });

  it('upgrades with a prorated charge, cancels at period end, refuses a change while canceled, resumes', async () => {
    const { account, token: firstToken } = await subscribed('basic');
    const again = await call('POST', billingPaths.checkout, firstToken, { plan_id: 'pro' });
    expect(again).toMatchObject({ status: 422, body: { message: billingMessages.alreadyPaid } });

    server.clock.advance(15 * day);
    const token = await signInAgain(account);
    const upgraded = await call('PUT', billingPaths.upgrade, token, { plan_id: 'pro' });
    expect(upgraded.body).toMatchObject({ plan_id: 'pro', actual_price: 59, state: 'active' });
    const invoices = (await call('GET', billingPaths.invoices, token)).body.documents;
    expect(invoices).toHaveLength(2);
    // 21 $ more a month for the 15 or 16 days left of a 30 or 31-day period.
    expect(invoices[0].amount).toBeGreaterThan(9);
    expect(invoices[0].amount).toBeLessThan(12);

    const unknown = await call('PUT', billingPaths.upgrade, token, { plan_id: 'platinum' });
    expect(unknown).toMatchObject({
      status: 422,
      body: { message: 'The plan must be one of basic, pro, team' },
    });
    const same = await call('PUT', billingPaths.upgrade, token, { plan_id: 'pro' });
    expect(same).toMatchObject({ status: 422, body: { message: billingMessages.samePlan } });

    const canceled = await call('PUT', billingPaths.cancel, token);
    expect(canceled.body).toMatchObject({ state: 'canceled', is_active: true, next_charge_date: null });
    expect(canceled.body.expiration_date).not.toBeNull();
    const downgrade = await call('PUT', billingPaths.upgrade, token, { plan_id: 'basic' });
    expect(downgrade).toMatchObject({ status: 422, body: { message: billingMessages.resumeBeforeChange } });

    const resumed = await call('PUT', billingPaths.resume, token);
    expect(resumed.body).toMatchObject({ state: 'active', is_active: true });
    expect((await call('PUT', billingPaths.resume, token)).status).toBe(422);
  });

  it('downgrades an active Pro to Basic now, crediting the rest of the period to the next invoice', async () => {
    const { account } = await subscribed('pro');
    server.clock.advance(10 * day);
    const token = await signInAgain(account);
    const downgraded = await call('PUT', billingPaths.upgrade, token, { plan_id: 'basic' });
    expect(downgraded).toMatchObject({
      status: 200,
      body: { plan_id: 'basic', is_active: true, state: 'active', actual_price: 38, base_price: 38 },
    });
    // Nothing is charged now: the unused part of the period is the customer's credit.
    expect((await call('GET', billingPaths.invoices, token)).body.total).toBe(1);
    const refused = await call('POST', importsPaths.create, token, salesNavigatorImport);
    expect(refused).toMatchObject({ status: 403, body: { message: billingMessages.upgradeToPro } });

    server.clock.advance(25 * day);
    const renewedToken = await signInAgain(account);
    await expect
      .poll(async () => (await call('GET', billingPaths.invoices, renewedToken)).body.total, {
        timeout: 15_000,
      })
      .toBe(2);
    const [renewal] = (await call('GET', billingPaths.invoices, renewedToken)).body.documents;
    // 38 $ less the credit: 21 $ a month for the 18 to 21 days left of a 28 to 31-day period.
    expect(renewal.amount).toBeGreaterThan(23);
    expect(renewal.amount).toBeLessThan(25);
    expect((await call('GET', billingPaths.subscription, renewedToken)).body).toMatchObject({
      plan_id: 'basic',
      state: 'active',
    });
  });

  it('keeps a canceled subscription until its period ends, then ends it and refuses Pro calls as expired', async () => {
    const { account, token, subscription } = await subscribed('pro');
    const canceled = await call('PUT', billingPaths.cancel, token);
    expect(canceled.body).toMatchObject({
      state: 'canceled',
      is_active: true,
      expiration_date: subscription.next_charge_date,
    });

    server.clock.advance(20 * day);
    const stillPaidToken = await signInAgain(account);
    expect((await call('GET', billingPaths.subscription, stillPaidToken)).body).toMatchObject({
      plan_id: 'pro',
      state: 'canceled',
      is_active: true,
    });
    expect((await call('POST', importsPaths.create, stillPaidToken, salesNavigatorImport)).status).toBe(200);

    server.clock.advance(12 * day);
    const endedToken = await signInAgain(account);
    await expect
      .poll(async () => (await call('GET', billingPaths.subscription, endedToken)).body.is_active, {
        timeout: 15_000,
      })
      .toBe(false);
    expect((await call('GET', billingPaths.subscription, endedToken)).body).toMatchObject({
      plan_id: 'pro',
      state: 'canceled',
      next_charge_date: null,
    });
    // Nothing was charged after the cancel.
    expect((await call('GET', billingPaths.invoices, endedToken)).body.total).toBe(1);
    const imported = await call('POST', importsPaths.create, endedToken, salesNavigatorImport);
    expect(imported).toMatchObject({ status: 403, body: { message: billingMessages.subscriptionExpired } });
    const exported = await callApi(server.url, 'GET', campaignsPaths.recentActivitiesExport, endedToken);
    expect(exported.status).toBe(403);
    expect(((await exported.json()) as { message: string }).message).toBe(
      billingMessages.subscriptionExpired,
    );
  });

  it('renews on the clock, and a declined renewal leaves the subscription overdue and gated calls expired', async () => {
    const renewing = await subscribed('pro');
    const failing = await subscribed('pro', sandboxTestCards.renewalDeclined);
    const firstCharge = renewing.subscription.next_charge_date;
    server.clock.advance(32 * day);
    const renewingToken = await signInAgain(renewing.account);
    const failingToken = await signInAgain(failing.account);
    await expect
      .poll(async () => (await call('GET', billingPaths.subscription, renewingToken)).body.next_charge_date, {
        timeout: 15_000,
      })
      .not.toBe(firstCharge);
    expect((await call('GET', billingPaths.subscription, renewingToken)).body.state).toBe('active');
    expect((await call('GET', billingPaths.invoices, renewingToken)).body.total).toBe(2);

    await expect
      .poll(async () => (await call('GET', billingPaths.subscription, failingToken)).body.state, {
        timeout: 15_000,
      })
      .toBe('overdue');
    expect((await call('GET', billingPaths.subscription, failingToken)).body.is_active).toBe(false);
    const gated = await callApi(server.url, 'GET', campaignsPaths.recentActivitiesExport, failingToken);
    expect(gated.status).toBe(403);
    expect(((await gated.json()) as { message: string }).message).toBe(billingMessages.subscriptionExpired);
    const management = await call('GET', billingPaths.managementUrl, failingToken);
    expect(management.body.data).toMatch(new RegExp(`^${server.url}${sandboxPaymentsBasePath}/portal/`));
  });

  it('lets Pro import from Sales Navigator and refuses Basic; an expired trial cannot run campaigns', async () => {
    const basic = await subscribed('basic');
    const refused = await call('POST', importsPaths.create, basic.token, salesNavigatorImport);
    expect(refused).toMatchObject({ status: 403, body: { message: billingMessages.upgradeToPro } });
    const other = await call('POST', importsPaths.create, basic.token, {
      ...salesNavigatorImport,
      source_type: 'network_search',
    });
    expect(other.status).toBe(200);
    const pro = await subscribed('pro');
    expect((await call('POST', importsPaths.create, pro.token, salesNavigatorImport)).status).toBe(200);

    const trial = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    server.clock.advance(15 * day);
    const token = await signInAgain(trial.account);
    expect((await call('GET', billingPaths.subscription, token)).body).toMatchObject({
      plan_id: 'trial',
      is_active: false,
    });
    const created = await call('POST', campaignsPaths.create, token, { name: 'After the trial' });
    const run = await call('PUT', `/campaigns/${created.body.id}/run`, token);
    expect(run).toMatchObject({ status: 403, body: { message: billingMessages.subscriptionExpired } });
    expect((await call('GET', `/campaigns/${created.body.id}`, token)).status).toBe(200);
  });

  it('ends an overdue account’s unpaid subscription when it buys again, and ignores that one’s news since', async () => {
    const { account } = await subscribed('pro', sandboxTestCards.renewalDeclined);
    const storedSubscription = async () => {
      const [row] = await server.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.personaId, account.personaId));
      if (!row) throw new Error('no subscription stored');
      return row;
    };
    const unpaid = (await storedSubscription()).providerSubscriptionId;
    server.clock.advance(32 * day);
    const token = await signInAgain(account);
    await expect
      .poll(async () => (await call('GET', billingPaths.subscription, token)).body.state, { timeout: 15_000 })
      .toBe('overdue');

    const checkout = await call('POST', billingPaths.checkout, token, { plan_id: 'basic' });
    expect(checkout.status).toBe(200);
    await pay(checkout.body.url, sandboxTestCards.success);
    const bought = await call('POST', billingPaths.ordersSync, token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(bought.body).toMatchObject({ plan_id: 'basic', is_active: true, state: 'active' });
    const current = (await storedSubscription()).providerSubscriptionId;
    expect(current).not.toBe(unpaid);
    // The provider no longer charges the old one.
    const provider = createStripePayments(server.config.payments, server.clock);
    expect((await provider.getSubscription(unpaid)).status).toBe('canceled');

    // News of the old subscription, however late, leaves the new one as it is: its end...
    const post = async (type: string, id: string) => {
      const body = JSON.stringify({
        id: `evt_late_${type}_${id}`,
        object: 'event',
        type,
        data: { object: { id, object: 'subscription' } },
      });
      const signature = signWebhook(server.config.payments.webhookSecret, body, server.clock.now());
      const response = await fetch(`${server.url}/api/v1${billingPaths.paymentsWebhook}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [webhookSignatureHeader]: signature },
        body,
      });
      return response.json();
    };
    expect(await post('customer.subscription.deleted', unpaid)).toEqual({ received: true, duplicate: false });
    expect((await call('GET', billingPaths.subscription, token)).body).toMatchObject({
      plan_id: 'basic',
      is_active: true,
      state: 'active',
    });
    // ... and its 'past due', had the provider still held it open (it is to be ended then).
    const late = await reconcileSubscription(server, {
      ...(await provider.getSubscription(unpaid)),
      status: 'past_due',
    });
    expect(late).toEqual({ stale: unpaid });
    expect(await storedSubscription()).toMatchObject({
      providerSubscriptionId: current,
      providerStatus: 'active',
    });
    expect((await call('GET', billingPaths.subscription, token)).body.state).toBe('active');
  });

  it('refuses forged, tampered and stale webhooks, changing nothing, and handles a replayed one once', async () => {
    const { account, token, subscription } = await subscribed('basic');
    const [row] = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.personaId, account.personaId));
    expect(row).toBeDefined();
    const event = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: row?.providerSubscriptionId, object: 'subscription', status: 'canceled' } },
    });
    const post = (body: string, signature: string) =>
      fetch(`${server.url}/api/v1${billingPaths.paymentsWebhook}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [webhookSignatureHeader]: signature },
        body,
      });
    const forged = await post(event, signWebhook('not-the-secret', event, server.clock.now()));
    expect(forged.status).toBe(400);
    const genuine = signWebhook(
      server.config.payments.webhookSecret,
      '{"id":"evt_other"}',
      server.clock.now(),
    );
    expect((await post(event, genuine)).status).toBe(400);
    expect((await post(event, '')).status).toBe(400);
    const stale = await post(
      event,
      signWebhook(
        server.config.payments.webhookSecret,
        event,
        new Date(server.clock.now().getTime() - 3600_000),
      ),
    );
    expect(stale.status).toBe(400);
    expect((await call('GET', billingPaths.subscription, token)).body).toEqual(subscription);
    // None of the refused deliveries was recorded: the same event id, genuinely signed, is new.
    const signedForged = signWebhook(server.config.payments.webhookSecret, event, server.clock.now());
    expect(await (await post(event, signedForged)).json()).toEqual({ received: true, duplicate: false });
    // The event only says something changed: the provider, asked back, still has it active.
    expect((await call('GET', billingPaths.subscription, token)).body).toMatchObject({
      plan_id: 'basic',
      is_active: true,
    });

    const real = JSON.stringify({
      id: 'evt_replayed',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const signature = signWebhook(server.config.payments.webhookSecret, real, server.clock.now());
    expect(await (await post(real, signature)).json()).toEqual({ received: true, duplicate: false });
    expect(await (await post(real, signature)).json()).toEqual({ received: true, duplicate: true });
    expect((await call('GET', billingPaths.subscription, token)).body.plan_id).toBe('basic');
  });
});
