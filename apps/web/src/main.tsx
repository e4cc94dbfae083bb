import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ClientConfig } from '@outpilot/contracts';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type AuthFacts, FirstScreen, signedOutStepOf, startAuthFacts } from './app/first-screen.tsx';
import { isGatedPath } from './app/gated-paths.ts';
import { theme } from './app/theme.ts';
import type { Bridge } from './bridge/bridge.ts';
import { createBridge } from './bridge/create-bridge.ts';
import { FullPageSpinner } from './components/full-page-spinner.tsx';
import { loadClientConfig } from './config/client-config.ts';
import { ErrorScreen } from './features/errors/error-screen.tsx';
import { installGlobalErrorReporting } from './features/errors/report-error.ts';

// The router, TanStack Query and the routes: not needed to show the sign-in step (first-screen.tsx).
const FullApp = lazy(async () => ({ default: (await import('./app/full-app.tsx')).FullApp }));

const frame = (children: React.ReactNode) => (
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  </StrictMode>
);

/**
 * The signed-in app renders as a transition: React yields to the browser every few milliseconds
 * while it builds the shell and the screen, instead of one long task per lazy part that arrives
 * (bench B17: total blocking time on a phone).
 */
function renderApp(root: Root, config: ClientConfig, bridge: Bridge, facts?: AuthFacts) {
  startTransition(() =>
    root.render(
      <StrictMode>
        <Suspense fallback={frame(<FullPageSpinner />)}>
          <FullApp config={config} bridge={bridge} facts={facts} />
        </Suspense>
      </StrictMode>,
    ),
  );
}

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
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

  if (!isGatedPath(window.location.pathname)) {
    renderApp(root, config, bridge);
    return;
  }

  // A gated path: the access gate's facts decide whether the app is needed at all. Signed out, the
  // sign-in (or install) step shows without the router and TanStack Query (bench B17).
  const facts = startAuthFacts(bridge);
  const step = await signedOutStepOf(facts);
  if (step === null) {
    renderApp(root, config, bridge, await facts.catch(() => undefined));
    return;
  }
  root.render(
    frame(
      <FirstScreen
        config={config}
        bridge={bridge}
        step={step}
        // Signed in elsewhere: the app asks the gate's facts afresh.
        onSignedIn={() => renderApp(root, config, bridge)}
      />,
    ),
  );
}

const container = document.getElementById('root');
if (container) void start(container);
