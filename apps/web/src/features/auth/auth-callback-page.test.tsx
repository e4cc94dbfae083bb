import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../bridge/bridge-error.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { renderApp } from '../../test/render-app.tsx';
import { AuthCallbackPage } from './auth-callback-page.tsx';

const routes = [
  { path: '/auth_callback', element: <AuthCallbackPage /> },
  { path: '/', element: <p>Home</p> },
  { path: '/contacts', element: <p>Contacts screen</p> },
];

const errorTitle = "Oops! We couldn't connect the product to your account";

describe('AuthCallbackPage', () => {
  it('shows the error screen for an error parameter, with a Back button to /', async () => {
    const bridge = createFakeBridge();
    renderApp({ bridge, routes, path: '/auth_callback?error=access_denied' });
    expect(screen.getByRole('heading', { name: errorTitle })).toBeInTheDocument();
    expect(
      screen.getByText('Please, check your Google and/or G-Suite account security settings'),
    ).toBeInTheDocument();
    screen.getByRole('button', { name: 'Back' }).click();
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(bridge.calls).toEqual([]);
  });

  it('shows the error screen without a code', () => {
    renderApp({ bridge: createFakeBridge(), routes, path: '/auth_callback?state=s' });
    expect(screen.getByRole('heading', { name: errorTitle })).toBeInTheDocument();
  });

  it('exchanges the code once and goes to the returned path', async () => {
    const exchange = vi.fn(() => ({ returnTo: '/contacts' }));
    const bridge = createFakeBridge({ handlers: { 'api.exchangeAuthorizationCode': exchange } });
    const { router } = renderApp({ bridge, routes, path: '/auth_callback?code=c1&state=s1' });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Contacts screen')).toBeInTheDocument();
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledWith({ code: 'c1', state: 's1' });
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
  });

  it('shows the error screen when the exchange fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bridge = createFakeBridge({
      handlers: {
        'api.exchangeAuthorizationCode': () => {
          throw new BridgeError({ name: 'BadRequest', message: 'invalid_grant' });
        },
      },
    });
    renderApp({ bridge, routes, path: '/auth_callback?code=c1&state=s1' });
    expect(await screen.findByRole('heading', { name: errorTitle })).toBeInTheDocument();
  });
});
