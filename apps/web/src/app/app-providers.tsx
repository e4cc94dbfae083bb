import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ClientConfig } from '@outpilot/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import type { ApiClient } from '../api/api-client.ts';
import { ApiProvider } from '../api/api-context.tsx';
import type { Bridge } from '../bridge/bridge.ts';
import { BridgeProvider } from '../bridge/bridge-context.tsx';
import { ConfigProvider } from '../config/config-context.tsx';
import { readCachedProfile } from '../features/auth/auth-queries.ts';
import { NoticesProvider } from '../features/notices/notices-provider.tsx';
import { CachedProfileContext } from '../features/notices/use-notify.tsx';
import { theme } from './theme.ts';

export type AppDependencies = {
  config: ClientConfig;
  bridge: Bridge;
  api: ApiClient;
  queryClient: QueryClient;
};

/** Everything a screen may use: theme, configuration, bridge, API client, server state and notices. */
export function AppProviders({
  config,
  bridge,
  api,
  queryClient,
  children,
}: AppDependencies & { children: ReactNode }) {
  const readProfile = useCallback(() => readCachedProfile(queryClient), [queryClient]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ConfigProvider config={config}>
        <BridgeProvider bridge={bridge}>
          <ApiProvider api={api}>
            <QueryClientProvider client={queryClient}>
              <CachedProfileContext.Provider value={readProfile}>
                <NoticesProvider>{children}</NoticesProvider>
              </CachedProfileContext.Provider>
            </QueryClientProvider>
          </ApiProvider>
        </BridgeProvider>
      </ConfigProvider>
    </ThemeProvider>
  );
}
