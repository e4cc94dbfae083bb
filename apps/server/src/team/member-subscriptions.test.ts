import { billingPaths, isInTeamTrialWindow, teamMessages, teamPaths } from '@outpilot/contracts';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sandboxTestCards } from '../sandbox-payments/test-cards.ts';
import { subscribeToPlan, testBackends } from '../testing/index.ts';
import { paySandboxCheckout } from '../testing/pay-sandbox-checkout.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { pathOf, teamFixtures } from './team-fixtures.ts';

describe.each(testBackends())('member subscriptions on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);
  const { call, teamOwner, addMember, teamWithMember } = teamFixtures(server);

  const memberPath = (template: string, memberId: string) => pathOf(template, memberId);
  const memberRow = async (ownerToken: string, memberId: string) =>
    (await call('GET', teamPaths.members, ownerToken)).body.documents.find(
      (d: { id: string }) => d.id === memberId,
    );

  /** §6: a plan the team pays is not the member's to cancel, and keeps them in the team until it ends. */
  async function expectPaidByTheTeam(owner: { token: string }, member: { token: string }, memberId: string) {
    expect(await call('PUT', billingPaths.cancel, member.token)).toMatchObject({
      status: 403,
      body: { message: teamMessages.paidByAnother },
    });
    expect(await call('DELETE', memberPath(teamPaths.member, memberId), owner.token)).toMatchObject({
      status: 422,
      body: { message: teamMessages.removePaidMember },
    });
  }

  /** The owner buys the plan for the member through the provider's checkout, then syncs it. */
  async function activated(
    owner: { token: string },
    memberId: string,
    planId: 'basic' | 'pro',
    coupon?: string,
  ) {
    const checkout = await call('POST', memberPath(teamPaths.memberSubscription, memberId), owner.token, {
      plan_id: planId,
      ...(coupon ? { coupon } : {}),
    });
    expect(checkout.status).toBe(200);
    const paid = await paySandboxCheckout(checkout.body.url, sandboxTestCards.success);
    expect(paid.location).toBe(
      `${server.url}/team/members?member=${memberId}&checkout_id=${checkout.body.checkout_id}`,
    );
    return call('POST', memberPath(teamPaths.memberSubscriptionSync, memberId), owner.token, {
      checkout_id: checkout.body.checkout_id,
    });
  }

  it("activates a member's plan with a promo code, paid by the owner: 'Activated by', then upgrade, cancel, resume", async () => {
    const { owner, member, memberId } = await teamWithMember();
    expect(await activated(owner, memberId, 'basic', 'WELCOME10')).toEqual({
      status: 200,
      body: { message: teamMessages.activated },
    });
    const row = await memberRow(owner.token, memberId);
    expect(row.subscription).toMatchObject({
      plan_id: 'basic',
      is_active: true,
      state: 'active',
      owner_id: owner.account.personaId,
      actual_price: 34.2,
      base_price: 38,
    });
    const own = await call('GET', billingPaths.subscription, member.token);
    expect(own.body.activated_by).toEqual({
      name: `${owner.account.givenName} ${owner.account.familyName}`,
      email: owner.account.email,
    });
    expect((await call('GET', '/profile', member.token)).body.subscriptionOwnerId).toBe(
      owner.account.personaId,
    );

    // Active: activating again is refused; the promo code only applies when activating.
    const again = await call('POST', memberPath(teamPaths.memberSubscription, memberId), owner.token, {
      plan_id: 'pro',
    });
    expect(again).toMatchObject({ status: 422, body: { message: teamMessages.memberAlreadyActive } });
    const withCoupon = await call('PUT', memberPath(teamPaths.memberSubscription, memberId), owner.token, {
      plan_id: 'pro',
      coupon: 'WELCOME10',
    });
    expect(withCoupon).toMatchObject({
      status: 422,
      body: { message: teamMessages.couponOnlyWhenActivating },
    });

    const upgraded = await call('PUT', memberPath(teamPaths.memberSubscription, memberId), owner.token, {
      plan_id: 'pro',
    });
    expect(upgraded).toEqual({ status: 200, body: { message: teamMessages.upgraded } });
    expect((await memberRow(owner.token, memberId)).subscription.plan_id).toBe('pro');

    // The member does not change a plan the team pays for; removing them waits for it to end.
    await expectPaidByTheTeam(owner, member, memberId);

    const canceled = await call('PUT', memberPath(teamPaths.memberSubscriptionCancel, memberId), owner.token);
    expect(canceled).toEqual({ status: 200, body: { message: teamMessages.canceled } });
    expect((await memberRow(owner.token, memberId)).subscription.state).toBe('canceled');
    const twice = await call('PUT', memberPath(teamPaths.memberSubscriptionCancel, memberId), owner.token);
    expect(twice.status).toBe(422);
    const resumed = await call('PUT', memberPath(teamPaths.memberSubscriptionResume, memberId), owner.token);
    expect(resumed).toEqual({ status: 200, body: { message: teamMessages.resumed } });
    expect((await memberRow(owner.token, memberId)).subscription.state).toBe('active');

    const log = (await call('GET', teamPaths.auditLog, owner.token)).body.documents;
    expect(
      log
        .filter((entry: { action: string }) => entry.action === 'member_subscription_changed')
        .map((entry: { details: { change: string } }) => entry.details.change),
    ).toEqual(['resumed', 'canceled', 'upgraded', 'activated']);
  });

  it("records the payer from the provider's signed webhook when the owner never comes back from the checkout", async () => {
    const { owner, member, memberId } = await teamWithMember();
    const checkout = await call('POST', memberPath(teamPaths.memberSubscription, memberId), owner.token, {
      plan_id: 'pro',
    });
    expect(checkout.status).toBe(200);
    // Paid on the hosted page; the owner closes the tab instead of following the 303 back.
    expect((await paySandboxCheckout(checkout.body.url, sandboxTestCards.success)).status).toBe(303);

    // Only the sandbox provider's signed deliveries reach the server: no sync is called.
    await expect
      .poll(async () => (await memberRow(owner.token, memberId)).subscription, { timeout: 10_000 })
      .toMatchObject({ plan_id: 'pro', is_active: true, owner_id: owner.account.personaId });
    expect((await call('GET', billingPaths.subscription, member.token)).body.activated_by).toEqual({
      name: `${owner.account.givenName} ${owner.account.familyName}`,
      email: owner.account.email,
    });
    // Not Self-Paid: the member cannot cancel it, and the owner cannot remove the member yet.
    await expectPaidByTheTeam(owner, member, memberId);

    // Coming back later (or the duplicate deliveries) changes nothing and logs the activation once.
    const synced = await call('POST', memberPath(teamPaths.memberSubscriptionSync, memberId), owner.token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(synced).toEqual({ status: 200, body: { message: teamMessages.activated } });
    const activations = (await call('GET', teamPaths.auditLog, owner.token)).body.documents.filter(
      (entry: { action: string; details: { change?: string } }) =>
        entry.action === 'member_subscription_changed' && entry.details.change === 'activated',
    );
    expect(activations).toEqual([
      expect.objectContaining({
        subject: member.account.email,
        details: { change: 'activated', plan: 'pro' },
      }),
    ]);
  });

  it('does not take tags naming a payer on trust: a checkout the owner never opened for the member stays Self-Paid', async () => {
    const { owner, member, memberId } = await teamWithMember();
    // A checkout made at the provider with the tags forged (not through the members page).
    const url = new URL(server.url);
    const stripe = new Stripe(server.config.payments.secretKey, {
      host: url.hostname,
      port: url.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    // The plan's product is made on the first sale; this suite may not have sold Basic yet.
    await stripe.products
      .retrieve('outpilot_basic')
      .catch(() => stripe.products.create({ id: 'outpilot_basic', name: 'Outpilot Basic' }));
    const tags = { ownerId: owner.account.personaId, personaId: member.account.personaId, version: 'x' };
    const price = { currency: 'usd', product: 'outpilot_basic', unit_amount: 3800 };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price_data: { ...price, recurring: { interval: 'month' } }, quantity: 1 }],
      metadata: tags,
      subscription_data: { metadata: tags },
      success_url: `${server.url}/upgrade?checkout_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/upgrade`,
    });
    expect((await paySandboxCheckout(session.url ?? '', sandboxTestCards.success)).status).toBe(303);
    // The webhook makes the plan the member's, paid by themselves.
    await expect
      .poll(async () => (await memberRow(owner.token, memberId)).subscription, { timeout: 10_000 })
      .toMatchObject({ plan_id: 'basic', is_active: true, owner_id: member.account.personaId });
    expect((await call('GET', billingPaths.subscription, member.token)).body.activated_by).toBeNull();
  });

  it('leaves a Self-Paid plan to its member, and refuses who may not change plans', async () => {
    const owner = await teamOwner();
    const { member: selfPaid, memberId: selfPaidId } = await addMember(owner);
    await subscribeToPlan(server.db, selfPaid.account.personaId, 'pro', server.clock);
    const { member: manager, memberId: managerId } = await addMember(owner, 'manager');
    const { memberId: pendingId } = await (async () => {
      await call('POST', teamPaths.invite, owner.token, { email: 'later@example.test' });
      const rows = (await call('GET', teamPaths.members, owner.token)).body.documents;
      return { memberId: rows.find((d: { email: string }) => d.email === 'later@example.test').id as string };
    })();
    const ownerRowId = (await call('GET', teamPaths.members, owner.token)).body.documents[0].id as string;

    for (const template of [teamPaths.memberSubscriptionCancel, teamPaths.memberSubscriptionResume])
      expect(await call('PUT', memberPath(template, selfPaidId), owner.token)).toMatchObject({
        status: 422,
        body: { message: teamMessages.memberNotPaidByTeam },
      });
    expect(
      await call('PUT', memberPath(teamPaths.memberSubscription, selfPaidId), owner.token, {
        plan_id: 'team',
      }),
    ).toMatchObject({ status: 422, body: { message: teamMessages.memberNotPaidByTeam } });
    // A Self-Paid member may be removed (§6), and still manages their own plan.
    expect((await call('GET', billingPaths.subscription, selfPaid.token)).body.activated_by).toBeNull();

    // Not the owner's own row, not a pending invitation, not a manager (outside the 2023 window).
    expect(
      (
        await call('POST', memberPath(teamPaths.memberSubscription, ownerRowId), owner.token, {
          plan_id: 'pro',
        })
      ).status,
    ).toBe(403);
    expect(
      await call('POST', memberPath(teamPaths.memberSubscription, pendingId), owner.token, {
        plan_id: 'pro',
      }),
    ).toMatchObject({ status: 422, body: { message: teamMessages.memberPending } });
    expect(
      (
        await call('POST', memberPath(teamPaths.memberSubscription, selfPaidId), manager.token, {
          plan_id: 'pro',
        })
      ).status,
    ).toBe(403);
    // Nor in a member session, nor for a member of another team (404), nor with an unknown field.
    const asManager = (await call('POST', memberPath(teamPaths.impersonate, managerId), owner.token)).body
      .accessToken as string;
    expect(
      await call('PUT', memberPath(teamPaths.memberSubscriptionCancel, selfPaidId), asManager),
    ).toMatchObject({ status: 403 });
    const stranger = await teamOwner();
    expect(
      (await call('PUT', memberPath(teamPaths.memberSubscriptionCancel, selfPaidId), stranger.token)).status,
    ).toBe(404);
    expect(
      (
        await call('POST', memberPath(teamPaths.memberSubscription, selfPaidId), owner.token, {
          plan_id: 'pro',
          extra: 1,
        })
      ).status,
    ).toBe(422);
    expect((await call('DELETE', memberPath(teamPaths.member, selfPaidId), owner.token)).status).toBe(200);
  });

  it('refuses a checkout opened for another member and an unknown promo code; the 2023 team-trial window', async () => {
    const { owner, memberId } = await teamWithMember();
    const { memberId: otherId } = await addMember(owner);
    const checkout = await call('POST', memberPath(teamPaths.memberSubscription, memberId), owner.token, {
      plan_id: 'basic',
    });
    await paySandboxCheckout(checkout.body.url, sandboxTestCards.success);
    const wrong = await call('POST', memberPath(teamPaths.memberSubscriptionSync, otherId), owner.token, {
      checkout_id: checkout.body.checkout_id,
    });
    expect(wrong.status).toBe(404);
    const unknownCoupon = await call('POST', memberPath(teamPaths.memberSubscription, otherId), owner.token, {
      plan_id: 'basic',
      coupon: 'NOPE',
    });
    expect(unknownCoupon.status).toBe(422);

    expect(isInTeamTrialWindow(new Date('2023-04-01T00:00:00Z'), new Date('2023-05-01T00:00:00Z'))).toBe(
      true,
    );
    expect(isInTeamTrialWindow(new Date('2023-04-01T00:00:00Z'), server.clock.now())).toBe(false);
    expect(isInTeamTrialWindow(new Date('2023-04-20T00:00:00Z'), new Date('2023-05-01T00:00:00Z'))).toBe(
      false,
    );
  });
});
