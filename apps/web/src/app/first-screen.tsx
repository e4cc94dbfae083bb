import type { AppProfile, ClientConfig, NetworkProfile } from '@outpilot/contracts';
import { useEffect } from 'react';
import type { Bridge } from '../bridge/bridge.ts';
import { BridgeProvider } from '../bridge/bridge-context.tsx';
import { ConfigProvider } from '../config/config-context.tsx';
import { fetchNetworkProfile, fetchProfile } from '../features/auth/fetch-auth-facts.ts';
import { InstallExtensionStep } from '../features/auth/onboarding/install-extension-step.tsx';
import { SignInStep } from '../features/auth/onboarding/sign-in-step.tsx';
import { NoticesProvider } from '../features/notices/notices-provider.tsx';

/*
 * The signed-out screens of a gated path (install the extension, sign in) before the app's
 * router and TanStack Query are loaded (decisions.md, issue 26, h-first-screen-3). The access
 * gate's facts are asked here, with the gate's own fetchers and in the gate's order; when they
 * lead anywhere else, the app loads and its queries start from these same answers (full-app.tsx),
 * so nothing is asked twice and the gate decides as it always did.
 */

/** What the access gate asks first: the extension, then (with it) the profile and the network account. */
export type AuthFacts =
  | { installed: false }
  | {
      installed: true;
      profile: Promise<AppProfile | null>;
      networkProfile: Promise<NetworkProfile | null>;
    };

export function startAuthFacts(bridge: Bridge): Promise<AuthFacts> {
  return bridge.isInstalled().then((installed) => {
    if (!installed) return { installed: false };
    const profile = fetchProfile(bridge);
    // Asked once the profile is known, while the app's modules download: signed out, the sign-in step
    // does not need it (and the in-page agent would load its sandbox client for it, bench B17). The
    // app is handed these facts only when the profile is there or failed; its query asks otherwise.
    const networkProfile = profile.then(
      (known) => (known === null ? null : fetchNetworkProfile(bridge)),
      () => fetchNetworkProfile(bridge),
    );
    // Read by the app's queries if it loads; a failure is theirs to show.
    profile.catch(() => undefined);
    return { installed: true, profile, networkProfile };
  });
}

/**
 * The facts once every one is answered: the app's gate queries start from them already known, so
 * its first render is the screen (or the step) rather than a spinner that a second, synchronous
 * render replaces. That second render suspended on the shell's and the screen's modules, and React
 * holds back what a suspended render reveals by 300 ms each time (about 600 ms on /contacts, B17).
 */
export type SettledAuthFacts =
  | { installed: false }
  | {
      installed: true;
      profile: PromiseSettledResult<AppProfile | null>;
      networkProfile: PromiseSettledResult<NetworkProfile | null>;
    };

/** Waits for every fact; undefined when even the extension could not be asked (the app asks again). */
export async function settleAuthFacts(facts: Promise<AuthFacts>): Promise<SettledAuthFacts | undefined> {
  try {
    const known = await facts;
    if (!known.installed) return known;
    const [profile, networkProfile] = await Promise.allSettled([known.profile, known.networkProfile]);
    return { installed: true, profile, networkProfile };
  } catch {
    return undefined;
  }
}

export type SignedOutStep = 'install-extension' | 'sign-in';

/**
 * The signed-out step the gate would show, or null when it would show anything else (a profile, a
 * failure): then the app decides, from the same facts.
 */
export async function signedOutStepOf(facts: Promise<AuthFacts>): Promise<SignedOutStep | null> {
  try {
    const known = await facts;
    if (!known.installed) return 'install-extension';
    return (await known.profile) === null ? 'sign-in' : null;
  } catch {
    return null;
  }
}

const windowPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * The step, with what it uses of the app's providers (the theme is main.tsx's). A sign-in made in
 * another tab (productSignedIn) hands over to the app, which asks the gate's facts afresh; a
 * sign-out reloads, as the app's bridge events do.
 */
export function FirstScreen({
  config,
  bridge,
  step,
  onSignedIn,
}: {
  config: ClientConfig;
  bridge: Bridge;
  step: SignedOutStep;
  onSignedIn: () => void;
}) {
  useEffect(
    () =>
      bridge.onEvent(({ event }) => {
        if (event === 'productSignedIn') onSignedIn();
        if (event === 'productSignedOut') window.location.reload();
      }),
    [bridge, onSignedIn],
  );
  return (
    <ConfigProvider config={config}>
      <BridgeProvider bridge={bridge}>
        <NoticesProvider>
          {step === 'sign-in' ? <SignInStep currentPath={windowPath} /> : <InstallExtensionStep />}
        </NoticesProvider>
      </BridgeProvider>
    </ConfigProvider>
  );
}
