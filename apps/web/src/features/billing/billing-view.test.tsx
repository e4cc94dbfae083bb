import type { SubscriptionResponse } from '@outpilot/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile, makeSubscription } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { BillingView } from './billing-view.tsx';

const profile = makeProfile();

function renderBilling(answer: SubscriptionResponse, viewer = profile) {
  let current = answer;
  const api = createFakeApi({
    'GET /subscription': () => ({ body: current }),
    'GET /subscription/invoices': () => ({ body: { documents: [], total: 0 } }),
    'PUT /subscription/cancel': () => {
      current = {
        ...current,
        state: 'canceled',
        next_charge_date: null,
        expiration_date: '2026-04-01T10:00:00.000Z',
      };
      return { body: current };
    },
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => viewer },
  });
  renderApp({ bridge, fetch: api.fetch, routes: [{ path: '/', element: <BillingView profile={viewer} /> }] });
  return api;
}

const line = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement);
};

describe('Subscription Billing', () => {
  it('shows plan, dates, tags and the base price struck through, and cancels', async () => {
    const api = renderBilling(makeSubscription());
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(line('Next charge').getByText('01 Apr 2026')).toBeInTheDocument();
    expect(line('Status').getByText('Active')).toBeInTheDocument();
    expect(line('Price').getByText('59$').tagName).toBe('S');
    expect(line('Price').getByText('53.1$ per month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('The subscription has been canceled')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT' && call.path === '/subscription/cancel')).toBe(
      true,
    );
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
    expect(line('Status').getByText('Canceled')).toBeInTheDocument();
    expect(screen.queryByText('Next charge', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('tags an overdue plan Inactive and Overdue', async () => {
    renderBilling(
      makeSubscription({
        is_active: false,
        state: 'overdue',
        next_charge_date: null,
        expiration_date: '2026-04-01T10:00:00.000Z',
      }),
    );
    expect(await screen.findByText('Overdue')).toBeInTheDocument();
    expect(line('Status').getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage payment methods' })).toBeInTheDocument();
  });

  it('offers no controls while impersonating', async () => {
    renderBilling(makeSubscription(), makeProfile({ impersonatedPersona: 'member-2' }));
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade subscription' })).not.toBeInTheDocument();
  });
});
