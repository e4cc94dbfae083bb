import type { SubscriptionResponse } from '@outpilot/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile, makeSubscription } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { UpgradePage } from './upgrade-page.tsx';

const profile = makeProfile();

const subscription = (over: Partial<SubscriptionResponse> = {}) =>
  makeSubscription({ plan_id: 'experimental', actual_price: 38, base_price: 38, ...over });

function renderUpgrade(answer: SubscriptionResponse) {
  const api = createFakeApi({ 'GET /subscription': () => ({ body: answer }) });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => profile },
  });
  return renderApp({
    bridge,
    fetch: api.fetch,
    path: '/upgrade',
    routes: [
      { path: '/upgrade', element: <UpgradePage /> },
      { path: '/campaigns', element: <h1>Campaigns</h1> },
    ],
  });
}

const card = (name: string) =>
  within(screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement);

describe('Upgrade screen (seed 000 §2)', () => {
  it('shows an active early-bird plan as the Basic card, with its bonus line and Current plan', async () => {
    renderUpgrade(subscription());
    expect(await screen.findByRole('heading', { name: 'Choose subscription plan' })).toBeInTheDocument();
    expect(card('Basic').getByText('Includes bonus features for early-birds!')).toBeInTheDocument();
    expect(card('Basic').getByText('38$ per month')).toBeInTheDocument();
    expect(card('Basic').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(card('Pro').getByRole('button', { name: 'Upgrade subscription: Pro' })).toBeEnabled();
    expect(card('Pro').queryByText('Includes bonus features for early-birds!')).not.toBeInTheDocument();
  });

  it('shows the plain Basic card once the early-bird plan is no longer active', async () => {
    renderUpgrade(
      subscription({
        is_active: false,
        state: 'canceled',
        next_charge_date: null,
        expiration_date: '2026-03-31T10:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Choose subscription plan' })).toBeInTheDocument();
    expect(card('Basic').queryByText('Includes bonus features for early-birds!')).not.toBeInTheDocument();
    expect(card('Basic').getByRole('button', { name: 'Upgrade subscription: Basic' })).toBeEnabled();
  });

  it('sends a persona whose active plan another persona pays for to /campaigns', async () => {
    const { router } = renderUpgrade(subscription({ plan_id: 'pro', owner_id: 'team-owner' }));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns');
  });
});
