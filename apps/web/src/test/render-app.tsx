import type { ClientConfig } from '@outpilot/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createApiClient } from '../api/api-client.ts';
import { AppProviders } from '../app/app-providers.tsx';
import type { Bridge } from '../bridge/bridge.ts';
import { testConfig } from './fixtures.ts';

export type RenderAppOptions = {
  bridge: Bridge;
  routes: RouteObject[];
  path?: string;
  config?: ClientConfig;
  /** Answers the main API calls; by default every call fails like a network error. */
  fetch?: typeof fetch;
  /**
   * The app's own (createQueryClient: answers stay fresh for a while, as in the product) for a
   * test of when a screen asks again; by default answers are stale at once and never retried.
   */
  queryClient?: QueryClient;
};

/** Renders routes in a memory router inside the app's providers, with a fake bridge. */
export function renderApp({
  bridge,
  routes,
  path = '/',
  config = testConfig,
  fetch: fetchFn = () => Promise.reject(new Error('no fetch')),
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  }),
}: RenderAppOptions) {
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    automationBaseUrl: config.automationBaseUrl,
    bridge,
    fetch: fetchFn,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders config={config} bridge={bridge} api={api} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
