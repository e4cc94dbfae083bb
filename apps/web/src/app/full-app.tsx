import type { ClientConfig } from '@outpilot/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '../api/api-client.ts';
import { createQueryClient } from '../api/query-client.ts';
import type { Bridge } from '../bridge/bridge.ts';
import { authQueryKeys } from '../features/auth/auth-queries.ts';
import { AppProviders } from './app-providers.tsx';
import type { SettledAuthFacts } from './first-screen.tsx';
import { AppRoutes } from './routes.tsx';

export { preloadProtectedScreen } from './routes.tsx';

/**
 * The access gate's queries start from the facts main.tsx already asked (first-screen.tsx): their
 * first fetch is that answer, not a second call, and an answer is there at the gate's first render.
 */
export function seedAuthQueries(queryClient: QueryClient, facts: SettledAuthFacts): void {
  const seed = (queryKey: QueryKey, answer: PromiseSettledResult<unknown>) => {
    if (answer.status === 'fulfilled') queryClient.setQueryData(queryKey, answer.value);
    // A failure is the query's to show, as if it had asked.
    else void queryClient.prefetchQuery({ queryKey, queryFn: () => Promise.reject(answer.reason) });
  };
  queryClient.setQueryData(authQueryKeys.extension, facts.installed);
  if (!facts.installed) return;
  seed(authQueryKeys.profile, facts.profile);
  seed(authQueryKeys.networkProfile, facts.networkProfile);
}

/** The app: its providers, the router and the routes; loaded by main.tsx once it is needed. */
export function FullApp({
  config,
  bridge,
  facts,
}: {
  config: ClientConfig;
  bridge: Bridge;
  /** The gate's facts as main.tsx asked them, if it did. */
  facts?: SettledAuthFacts | undefined;
}) {
  const [{ api, queryClient }] = useState(() => {
    const client = createQueryClient();
    if (facts) seedAuthQueries(client, facts);
    return {
      api: createApiClient({
        baseUrl: config.apiBaseUrl,
        automationBaseUrl: config.automationBaseUrl,
        bridge,
      }),
      queryClient: client,
    };
  });
  return (
    <AppProviders config={config} bridge={bridge} api={api} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
