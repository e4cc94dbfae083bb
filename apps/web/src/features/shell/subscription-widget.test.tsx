import type { AppProfile, SubscriptionResponse } from '@outpilot/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { SubscriptionWidget } from './subscription-widget.tsx';

const profile = makeProfile();
const hourMs = 3_600_000;

function renderWidget(answer: SubscriptionResponse, viewer: AppProfile = profile) {
  const api = createFakeApi({ 'GET /subscription': () => ({ body: answer }) });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => profile },
  });
  renderApp({
    bridge,
    fetch: api.fetch,
    routes: [{ path: '/', element: <SubscriptionWidget profile={viewer} /> }],
  });
}

/** A trial that, by the server's clock, has `hoursLeft` to run; the browser's clock is a year behind. */
function trialWithHoursLeft(hoursLeft: number): SubscriptionResponse {
  const serverNow = Date.now() + 365 * 24 * hourMs;
  return {
    plan_id: 'trial',
    is_active: true,
    state: 'active',
    activation_date: new Date(serverNow - 13 * 24 * hourMs).toISOString(),
    next_charge_date: null,
    expiration_date: new Date(serverNow + hoursLeft * hourMs).toISOString(),
    actual_price: 0,
    base_price: 0,
    owner_id: profile.personaId,
    activated_by: null,
    as_of: new Date(serverNow).toISOString(),
  };
}

describe('the subscription widget (seed 000 §4)', () => {
  it("counts the trial down from the server's clock, not the browser's", async () => {
    renderWidget(trialWithHoursLeft(6));
    expect(await screen.findByRole('link', { name: 'Trial will expire in 6 hours' })).toHaveAttribute(
      'href',
      '/upgrade',
    );
  });

  it('counts days while more than a day is left', async () => {
    renderWidget(trialWithHoursLeft(3 * 24 - 1));
    expect(await screen.findByRole('link', { name: 'Trial will expire in 3 days' })).toBeInTheDocument();
  });

  it('shows the trial to a manager working as the member, without the upgrade link (§2)', async () => {
    renderWidget(trialWithHoursLeft(6), makeProfile({ impersonatedPersona: 'persona-2' }));
    expect(await screen.findByText('Trial will expire in 6 hours')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('does not link a member whose plan another persona pays to the upgrade screen (§2)', async () => {
    renderWidget({ ...trialWithHoursLeft(6), plan_id: 'pro', owner_id: 'team-owner-persona' });
    expect(await screen.findByText('Subscription is active')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
