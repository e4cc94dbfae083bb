import type { ClientConfig } from '@outpilot/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '../api/api-client.ts';
import { createQueryClient } from '../api/query-client.ts';
import type { Bridge } from '../bridge/bridge.ts';
import { authQueryKeys } from '../features/auth/auth-queries.ts';
import { AppProviders } from './app-providers.tsx';
import type { AuthFacts } from './first-screen.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * The access gate's queries start from the facts main.tsx already asked (first-screen.tsx): their
 * first fetch is that answer, not a second call.
 */
export function seedAuthQueries(queryClient: QueryClient, facts: AuthFacts): void {
  void queryClient.prefetchQuery({
    queryKey: authQueryKeys.extension,
    queryFn: async () => facts.installed,
    staleTime: Infinity,
  });
  if (!facts.installed) return;
  void queryClient.prefetchQuery({ queryKey: authQueryKeys.profile, queryFn: () => facts.profile });
  void queryClient.prefetchQuery({
    queryKey: authQueryKeys.networkProfile,
    queryFn: () => facts.networkProfile,
  });
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
  facts?: AuthFacts | undefined;
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
