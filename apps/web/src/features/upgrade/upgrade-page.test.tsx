import type { SubscriptionResponse } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  let current = answer;
  const api = createFakeApi({
    'GET /subscription': () => ({ body: current }),
    'PUT /subscription/upgrade': ({ body }) => {
      const { plan_id } = body as { plan_id: 'basic' | 'pro' | 'team' };
      current = { ...current, plan_id, actual_price: 38, base_price: 38 };
      return { body: current };
    },
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => profile },
  });
  const rendered = renderApp({
    bridge,
    fetch: api.fetch,
    path: '/upgrade',
    routes: [
      { path: '/upgrade', element: <UpgradePage /> },
      { path: '/campaigns', element: <h1>Campaigns</h1> },
    ],
  });
  return { ...rendered, api };
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

  it('lists each plan’s features on its card (§1)', async () => {
    renderUpgrade(makeSubscription({ plan_id: 'trial', actual_price: 0, base_price: 0 }));
    const features = async (name: string) => {
      await screen.findByRole('heading', { name, level: 2 });
      const list = card(name).getAllByRole('list')[0] as HTMLElement;
      return within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    };
    expect(await features('Basic')).toEqual([
      'Connect people',
      'Export and filter contacts',
      'Send messages',
      'Campaign statistics',
      'Auto follow-ups',
      'Auto withdrawal of invites',
      'CSV export of contacts',
      'Unlimited campaigns',
    ]);
    expect(await features('Pro')).toEqual([
      'All basic features',
      'Cloud automation',
      'Sales Navigator imports',
      'Activities log CSV export',
      'Automation connector (under construction)',
    ]);
    expect(await features('Team')).toEqual(['All pro features', 'Team work']);
  });

  it('asks to confirm a downgrade of an active Pro plan, and changes it on Yes (§4)', async () => {
    const { api } = renderUpgrade(makeSubscription({ plan_id: 'pro', actual_price: 59, base_price: 59 }));
    const downgrade = await screen.findByRole('button', { name: 'Upgrade subscription: Basic' });
    fireEvent.click(downgrade);
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade subscription' });
    expect(
      within(dialog).getByText(
        'Downgrade to Basic? The unused part of this period is credited to your next payments.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(downgrade);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Subscription has been upgraded')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/subscription/upgrade', body: { plan_id: 'basic' } }),
    ]);
    expect(await card('Basic').findByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
