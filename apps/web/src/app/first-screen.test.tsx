import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../bridge/bridge-error.ts';
import { authQueryKeys } from '../features/auth/auth-queries.ts';
import { createFakeBridge, notAuthenticated } from '../test/fake-bridge.ts';
import { makeProfile, testConfig } from '../test/fixtures.ts';
import { FirstScreen, settleAuthFacts, signedOutStepOf, startAuthFacts } from './first-screen.tsx';
import { seedAuthQueries } from './full-app.tsx';
import { isGatedPath } from './gated-paths.ts';
import { appRoutes } from './routes.tsx';
import { theme } from './theme.ts';

const gate = (path: string) =>
  (matchRoutes(appRoutes, path) ?? []).some((match) => match.route.id === 'protected');

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the first screen before the app loads', () => {
  it('tells the gated paths as the routes do', () => {
    const paths = [
      '/campaigns',
      '/campaigns/1/tune',
      '/contacts',
      '/contacts/import/2',
      '/messaging/thread/3',
      '/mailbox',
      '/account',
      '/no-such-page',
      '/HELP',
      '/help',
      '/terms',
      '/privacy',
      '/auth_callback',
      '/invitation_callback',
      '/referrer/abc',
      '/',
    ];
    for (const path of paths) expect([path, isGatedPath(path)]).toEqual([path, gate(path)]);
  });

  it('asks the extension, then the profile; signed out, not the network account', async () => {
    const bridge = createFakeBridge({
      handlers: { 'api.getMyProfile': notAuthenticated, 'network.getMyProfile': () => null },
    });
    await expect(signedOutStepOf(startAuthFacts(bridge))).resolves.toBe('sign-in');
    expect(bridge.calls.map((call) => `${call.target}.${call.command}`)).toEqual(['api.getMyProfile']);

    const missing = createFakeBridge({ isInstalled: false });
    await expect(signedOutStepOf(startAuthFacts(missing))).resolves.toBe('install-extension');
    expect(missing.calls).toEqual([]);
  });

  it('leaves a signed-in user and a failure to the app, with the network account asked', async () => {
    const profile = makeProfile();
    const bridge = createFakeBridge({
      handlers: { 'api.getMyProfile': () => profile, 'network.getMyProfile': () => null },
    });
    const facts = startAuthFacts(bridge);
    await expect(signedOutStepOf(facts)).resolves.toBeNull();
    const known = await facts;
    expect(known.installed && (await known.networkProfile)).toBeNull();
    expect(bridge.calls.map((call) => `${call.target}.${call.command}`)).toEqual([
      'api.getMyProfile',
      'network.getMyProfile',
    ]);

    const failing = createFakeBridge({
      handlers: {
        'api.getMyProfile': () => {
          throw new BridgeError({ name: 'BadGateway', message: 'down' });
        },
      },
    });
    await expect(signedOutStepOf(startAuthFacts(failing))).resolves.toBeNull();
  });

  it('hands the facts to the app: its gate opens at its first render, without asking again', async () => {
    const profile = makeProfile();
    const bridge = createFakeBridge({
      handlers: { 'api.getMyProfile': () => profile, 'network.getMyProfile': () => null },
    });
    const facts = await settleAuthFacts(startAuthFacts(bridge));
    if (!facts) throw new Error('The facts should have settled');
    const queryClient = new QueryClient();
    seedAuthQueries(queryClient, facts);
    // Known at once, not after a fetch: the gate's first render is the screen.
    expect(queryClient.getQueryData(authQueryKeys.profile)).toEqual(profile);
    expect(queryClient.getQueryData(authQueryKeys.extension)).toBe(true);
    expect(queryClient.getQueryData(authQueryKeys.networkProfile)).toBeNull();
    expect(bridge.calls).toHaveLength(2);
  });

  it("hands a failed fact to the app as its query's failure", async () => {
    const bridge = createFakeBridge({
      handlers: {
        'api.getMyProfile': () => {
          throw new BridgeError({ name: 'BadGateway', message: 'down' });
        },
        'network.getMyProfile': () => null,
      },
    });
    const facts = await settleAuthFacts(startAuthFacts(bridge));
    if (!facts) throw new Error('The facts should have settled');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    seedAuthQueries(queryClient, facts);
    await waitFor(() =>
      expect(queryClient.getQueryState(authQueryKeys.profile)?.error).toMatchObject({ name: 'BadGateway' }),
    );
    expect(
      bridge.calls.filter((call) => call.command === 'getMyProfile' && call.target === 'api'),
    ).toHaveLength(1);
  });

  it('shows the sign-in step, returning to the page it was opened at', async () => {
    window.history.replaceState(null, '', '/contacts?x=1#top');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const getSignInUrl = vi.fn(() => ({ url: 'http://localhost:3000/oidc/auth?state=abc' }));
    const bridge = createFakeBridge({ handlers: { 'auth.getSignInUrl': getSignInUrl } });
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <FirstScreen config={testConfig} bridge={bridge} step="sign-in" onSignedIn={() => undefined} />
      </ThemeProvider>,
    );
    expect(
      screen.getByRole('heading', { name: 'My name is Outpilot & I am here to help you!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/oidc/auth?state=abc'));
    expect(getSignInUrl).toHaveBeenCalledWith({ returnTo: '/contacts?x=1#top', referrer: undefined });
  });

  it('shows the install step, and hands over to the app on a sign-in in another tab', () => {
    const bridge = createFakeBridge({ isInstalled: false });
    const onSignedIn = vi.fn();
    render(
      <FirstScreen config={testConfig} bridge={bridge} step="install-extension" onSignedIn={onSignedIn} />,
    );
    expect(screen.getByRole('heading', { name: 'Install the Chrome Extension' })).toBeInTheDocument();
    bridge.emit({ channel: 'outpilot-bridge', kind: 'event', event: 'networkSignedOut', payload: {} });
    expect(onSignedIn).not.toHaveBeenCalled();
    bridge.emit({ channel: 'outpilot-bridge', kind: 'event', event: 'productSignedIn', payload: {} });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('shows a failed sign-in as the app does', async () => {
    const bridge = createFakeBridge({
      handlers: {
        'auth.getSignInUrl': () => {
          throw new BridgeError({ name: 'BadGateway', message: 'down' });
        },
      },
    });
    render(<FirstScreen config={testConfig} bridge={bridge} step="sign-in" onSignedIn={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(document.querySelectorAll('#notistack-snackbar').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
