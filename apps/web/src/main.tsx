import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ClientConfig } from '@outpilot/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  FirstScreen,
  type SettledAuthFacts,
  settleAuthFacts,
  signedOutStepOf,
  startAuthFacts,
} from './app/first-screen.tsx';
import { isGatedPath } from './app/gated-paths.ts';
import { theme } from './app/theme.ts';
import type { Bridge } from './bridge/bridge.ts';
import { createBridge } from './bridge/create-bridge.ts';
import { FullPageSpinner } from './components/full-page-spinner.tsx';
import { loadClientConfig } from './config/client-config.ts';
import { readSignedInHint, writeSignedInHint } from './features/auth/signed-in-hint.ts';
import { ErrorScreen } from './features/errors/error-screen.tsx';
import { installGlobalErrorReporting } from './features/errors/report-error.ts';

// The router, TanStack Query and the routes: not needed to show the sign-in step (first-screen.tsx).
const loadFullApp = () => import('./app/full-app.tsx');

const frame = (children: React.ReactNode) => (
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  </StrictMode>
);

/**
 * The signed-in app renders once its module is there, as a transition: React yields to the browser
 * every few milliseconds while it builds the shell and the screen, instead of one long task per
 * lazy part that arrives (bench B17: total blocking time on a phone). Awaited rather than rendered
 * lazily under a Suspense: that Suspense's fallback was committed even with the module loaded, and
 * React holds back the reveal that follows a fallback by 300 ms (B17: the largest paint).
 */
async function renderApp(root: Root, config: ClientConfig, bridge: Bridge, facts?: SettledAuthFacts) {
  let FullApp: Awaited<ReturnType<typeof loadFullApp>>['FullApp'];
  try {
    ({ FullApp } = await loadFullApp());
  } catch (error) {
    console.error('The app could not be loaded', error);
    root.render(frame(<ErrorScreen />));
    return;
  }
  startTransition(() =>
    root.render(
      <StrictMode>
        <FullApp config={config} bridge={bridge} facts={facts} />
      </StrictMode>,
    ),
  );
}

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  root.render(frame(<FullPageSpinner />));
  const gated = isGatedPath(window.location.pathname);
  // Signed in last time: the app, the shell and the screen download while the configuration, the
  // in-page agent and the profile are asked, not after them (three round trips on a phone, B17).
  if (gated && readSignedInHint(window.localStorage)) {
    void loadFullApp()
      .then(({ preloadProtectedScreen }) => preloadProtectedScreen(window.location.pathname))
      // A failed download is the app's to report when it renders.
      .catch(() => undefined);
  }

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

  if (!gated) {
    await renderApp(root, config, bridge);
    return;
  }

  // A gated path: the access gate's facts decide whether the app is needed at all. Signed out, the
  // sign-in (or install) step shows without the router and TanStack Query (bench B17).
  const facts = startAuthFacts(bridge);
  const step = await signedOutStepOf(facts);
  if (step === null) {
    await renderApp(root, config, bridge, await settleAuthFacts(facts));
    return;
  }
  // Signed out: the next visit waits for the gate before downloading the app (the app's access
  // gate sets the hint again when it opens).
  writeSignedInHint(window.localStorage, false);
  root.render(
    frame(
      <FirstScreen
        config={config}
        bridge={bridge}
        step={step}
        // Signed in elsewhere: the app asks the gate's facts afresh.
        onSignedIn={() => void renderApp(root, config, bridge)}
      />,
    ),
  );
}

const container = document.getElementById('root');
if (container) void start(container);
