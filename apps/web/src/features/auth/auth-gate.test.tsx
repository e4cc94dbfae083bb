import type { AppProfile } from '@outpilot/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeBridge, type FakeHandler, notAuthenticated } from '../../test/fake-bridge.ts';
import { makeProfile, testConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { AuthGate } from './auth-gate.tsx';
import { readSignedInHint } from './signed-in-hint.ts';

const gateRoutes = [
  { path: '*', element: <AuthGate>{(profile) => <p>Protected screen for {profile.email}</p>}</AuthGate> },
];

function renderGate(profile: AppProfile | null, options: { isInstalled?: boolean; path?: string } = {}) {
  const bridge = createFakeBridge({
    isInstalled: options.isInstalled ?? true,
    handlers: {
      'api.getMyProfile': profile ? () => profile : notAuthenticated,
      'network.getMyProfile': () => null,
    },
  });
  return { bridge, ...renderApp({ bridge, routes: gateRoutes, path: options.path ?? '/campaigns' }) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AuthGate', () => {
  it('shows a spinner while the auth state is unresolved', () => {
    const bridge = createFakeBridge({ isInstalled: true });
    bridge.isInstalled = () => new Promise(() => undefined);
    renderApp({ bridge, routes: gateRoutes, path: '/campaigns' });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('1. asks to install the extension when it is missing, without asking for the profile', async () => {
    const { bridge } = renderGate(makeProfile(), { isInstalled: false });
    expect(await screen.findByRole('heading', { name: 'Install the Chrome Extension' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install' })).toHaveAttribute(
      'href',
      testConfig.extensionStoreUrl,
    );
    expect(bridge.calls).toEqual([]);
  });

  it('2. shows the timezone step when the network account is linked but the timezone is not set', async () => {
    renderGate(makeProfile({ timezoneOffset: null, workingHoursSet: false }));
    expect(
      await screen.findByRole('heading', { name: 'Choose your GMT and working hours' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('3. shows the working hours step when working hours are not set', async () => {
    renderGate(makeProfile({ workingHoursSet: false }));
    expect(await screen.findByRole('heading', { name: 'Working hours' })).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  });

  it('4. shows the link-account step when no network profile is linked, and logs out', async () => {
    const profile = makeProfile({ linkedInProfile: null, timezoneOffset: null, workingHoursSet: false });
    const { bridge } = renderGate(profile);
    expect(await screen.findByRole('heading', { name: 'Link your LinkedIn account' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Please, make sure you are signed in to LinkedIn with right account. Check it before you continue!',
      ),
    ).toBeInTheDocument();

    bridge.handlers['auth.signOut'] = () => ({});
    bridge.handlers['api.getMyProfile'] = notAuthenticated;
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(
      await screen.findByRole('heading', { name: 'My name is Outpilot & I am here to help you!' }),
    ).toBeInTheDocument();
    expect(bridge.calls.some((call) => call.target === 'auth' && call.command === 'signOut')).toBe(true);
  });

  it('5. shows the sign-in step without a profile and sends the browser to the sign-in URL', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { bridge } = renderGate(null, { path: '/contacts?x=1#top' });
    const getSignInUrl: FakeHandler = vi.fn(() => ({ url: 'http://localhost:3000/oidc/auth?state=abc' }));
    bridge.handlers['auth.getSignInUrl'] = getSignInUrl;
    expect(
      await screen.findByRole('heading', { name: 'My name is Outpilot & I am here to help you!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/oidc/auth?state=abc'));
    expect(getSignInUrl).toHaveBeenCalledWith({ returnTo: '/contacts?x=1#top', referrer: undefined });
  });

  it('shows the sign-in step without waiting for the network account when signed out', async () => {
    const { bridge } = renderGate(null);
    bridge.handlers['network.getMyProfile'] = () => new Promise(() => undefined);
    expect(
      await screen.findByRole('heading', { name: 'My name is Outpilot & I am here to help you!' }),
    ).toBeInTheDocument();
  });

  it('waits for the network account before deciding for a signed-in user', async () => {
    const bridge = createFakeBridge({
      handlers: {
        'api.getMyProfile': () => makeProfile(),
        'network.getMyProfile': () => new Promise(() => undefined),
      },
    });
    renderApp({ bridge, routes: gateRoutes, path: '/campaigns' });
    await waitFor(() =>
      expect(bridge.calls.map((call) => `${call.target}.${call.command}`)).toContain('network.getMyProfile'),
    );
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Protected screen for ada@example.com')).not.toBeInTheDocument();
  });

  it("shows the screen when the state is 'auth'", async () => {
    renderGate(makeProfile());
    expect(await screen.findByText('Protected screen for ada@example.com')).toBeInTheDocument();
  });

  it('remembers for the next visit whether it opened', async () => {
    window.localStorage.clear();
    const signedIn = renderGate(makeProfile());
    expect(await screen.findByText(/Protected screen for/)).toBeInTheDocument();
    expect(readSignedInHint(window.localStorage)).toBe(true);
    signedIn.unmount();

    renderGate(null);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(readSignedInHint(window.localStorage)).toBe(false));
  });

  it('shows the global error screen when the profile cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bridge = createFakeBridge({
      handlers: {
        'api.getMyProfile': () => {
          throw new Error('boom');
        },
        'network.getMyProfile': () => null,
        'logging.report': () => ({}),
      },
    });
    const { RouteErrorBoundary } = await import('../errors/error-page.tsx');
    renderApp({
      bridge,
      routes: [
        {
          path: '/',
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: gateRoutes,
        },
      ],
      path: '/campaigns',
    });
    expect(
      await screen.findByRole('heading', { name: 'Oooops.. Something went wrong.' }),
    ).toBeInTheDocument();
  });
});
