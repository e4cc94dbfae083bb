import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from './api/api-client.ts';
import { createQueryClient } from './api/query-client.ts';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/routes.tsx';
import { theme } from './app/theme.ts';
import { createBridge } from './bridge/create-bridge.ts';
import { FullPageSpinner } from './components/full-page-spinner.tsx';
import { loadClientConfig } from './config/client-config.ts';
import { ErrorScreen } from './features/errors/error-screen.tsx';
import { installGlobalErrorReporting } from './features/errors/report-error.ts';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const frame = (children: React.ReactNode) => (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </StrictMode>
  );
  root.render(frame(<FullPageSpinner />));

  let config: Awaited<ReturnType<typeof loadClientConfig>>;
  try {
    config = await loadClientConfig();
  } catch (error) {
    console.error('The client configuration could not be loaded', error);
    root.render(frame(<ErrorScreen />));
    return;
  }

  const bridge = createBridge({ window, config });
  // Where the in-page agent may run, detection (and the agent's download) starts now rather than
  // when the access gate first asks after the app's first render: on a slow phone that render alone
  // took over a second before the agent's module was even requested (Lighthouse mobile, bench B17).
  // With only an extension to find, an early ping may come before its content script is in the page
  // and miss it (the LinkedIn journey stopped at 'Install the Chrome Extension'), so it waits.
  if (config.inPageAgentEnabled) void bridge.isInstalled();
  installGlobalErrorReporting(window, bridge);
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    automationBaseUrl: config.automationBaseUrl,
    bridge,
  });
  const queryClient = createQueryClient();

  root.render(
    <StrictMode>
      <AppProviders config={config} bridge={bridge} api={api} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
