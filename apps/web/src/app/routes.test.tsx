import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, tokenHandler } from '../test/fake-api.ts';
import { createFakeBridge } from '../test/fake-bridge.ts';
import { makeCampaign, makeExecutionsStatistics, makeProfile } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { appRoutes } from './routes.tsx';

function renderRoutes(path: string, profile = makeProfile(), routes: Record<string, ApiRoute> = {}) {
  const bridge = createFakeBridge({
    handlers: {
      'api.getMyProfile': () => profile,
      'api.getToken': tokenHandler,
      'network.getMyProfile': () => null,
      'logging.report': () => ({}),
    },
  });
  const api = createFakeApi({
    'GET /subscription': () => ({
      body: {
        plan_id: 'pro',
        is_active: true,
        state: 'active',
        activation_date: '2026-01-01T00:00:00.000Z',
        next_charge_date: '2026-02-01T00:00:00.000Z',
        expiration_date: null,
        actual_price: 59,
        base_price: 59,
        owner_id: profile.personaId,
        activated_by: null,
        as_of: '2026-01-15T00:00:00.000Z',
      },
    }),
    ...routes,
  });
  return renderApp({ bridge, routes: appRoutes, path, fetch: api.fetch });
}

afterEach(() => {
  window.localStorage.clear();
});

describe('app routes', () => {
  it('redirects / to /campaigns', async () => {
    const { router } = renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns');
  });

  it('shows the protected 404 page with a Go home link for an unknown URL', async () => {
    renderRoutes('/no/such/page');
    const link = await screen.findByRole('link', { name: 'Go home' });
    expect(link).toHaveAttribute('href', '/campaigns');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('gates the 404 page like any protected route', async () => {
    renderRoutes('/no/such/page', makeProfile({ linkedInProfile: null }));
    expect(await screen.findByRole('heading', { name: 'Link your LinkedIn account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go home' })).not.toBeInTheDocument();
  });

  it('redirects /mailbox and /mailbox/thread/:conversation to messaging', async () => {
    const first = renderRoutes('/mailbox');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/messaging'));
    first.unmount();
    const second = renderRoutes('/mailbox/thread/c-42');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/messaging/thread/c-42'));
  });

  it('keeps the referrer and follows only an app path', async () => {
    const first = renderRoutes('/referrer/ref-7?redirect=/archive');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/archive'));
    expect(window.localStorage.getItem('referrer')).toBe('ref-7');
    first.unmount();
    const second = renderRoutes('/referrer/ref-8?redirect=//evil.example.com');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/campaigns'));
    expect(window.localStorage.getItem('referrer')).toBe('ref-8');
  });

  it('marks Campaigns active on archive paths and shows the section menu', async () => {
    renderRoutes('/archive');
    expect(await screen.findByRole('heading', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Activities queue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help Center' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Messaging' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Subscription is active' })).toHaveAttribute(
      'href',
      '/upgrade',
    );
  });

  it('opens a campaign of the archive at /archive/{id}, with its detail', async () => {
    const archived = makeCampaign({ name: 'Last spring', state: 'Completed', archived: true });
    const { router } = renderRoutes('/archive', makeProfile(), {
      'GET /campaigns/page': ({ query }) => {
        const documents = query.get('archived') === 'true' ? [archived] : [];
        return { body: { documents, total: documents.length } };
      },
      [`GET /campaigns/${archived.id}`]: () => ({ body: archived }),
      [`GET /campaigns/${archived.id}/executions-statistics`]: () => ({
        body: makeExecutionsStatistics({ succeed: 2, ignored: 1 }),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Archived campaigns' });
    fireEvent.click(await within(table).findByRole('link', { name: 'Last spring' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/archive/${archived.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Last spring' })).toBeInTheDocument();
    // An archived campaign is read-only: it may be cloned or unarchived, nothing else.
    expect(screen.getByRole('textbox', { name: 'Campaign name' })).toBeDisabled();
    const actions = screen.getByRole('toolbar', { name: 'Campaign actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Clone', 'Unarchive']);
    expect(await screen.findByTestId('success-rate')).toHaveTextContent('Success rate: 66.7%');
    expect(screen.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows Messaging to beta users', async () => {
    // Without a team or the Team plan, /team/invites leads to the members' tab, which asks for the plan.
    renderRoutes('/team/invites', makeProfile({ isBetaUser: true }));
    expect(
      await screen.findByRole('heading', { name: 'Upgrade your subscription to TEAM plan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Messaging' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  });
  it('serves the Help Center, terms and privacy pages without signing in', async () => {
    for (const [path, heading] of [
      ['/help', 'Help Center'],
      ['/terms', 'Terms of use'],
      ['/privacy', 'Privacy policy'],
    ] as const) {
      const view = renderRoutes(path, makeProfile({ linkedInProfile: null }));
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Link your LinkedIn account' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
