/**
 * What the extension is built for, fixed at build time (wxt.config.ts reads the environment):
 * the app origins whose pages may talk to it, and the network it acts on. Least privilege: the
 * manifest grants host access to these and nothing else.
 */
export type BuildConfig = {
  /** Origins of the app (scheme and host; any port), e.g. https://app.outpilot.example. */
  appOrigins: string[];
  /**
   * The professional network's address: https://www.linkedin.com, a stand-in in tests, or the
   * sandbox network's LinkedIn facade (<app>/sandbox/linkedin), whose path is kept.
   */
  networkUrl: string;
};

export const defaultBuildConfig: BuildConfig = {
  appOrigins: ['http://localhost', 'http://127.0.0.1'],
  networkUrl: 'https://www.linkedin.com',
};

function originOf(value: string): URL {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Not a web origin: ${value}`);
  return url;
}

/** Reads OUTPILOT_APP_ORIGINS (comma-separated) and OUTPILOT_NETWORK_URL; the defaults serve local use. */
export function readBuildConfig(env: Record<string, string | undefined>): BuildConfig {
  const origins = env.OUTPILOT_APP_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const appOrigins = (origins?.length ? origins : defaultBuildConfig.appOrigins).map(
    (origin) => originOf(origin).origin,
  );
  const network = originOf(env.OUTPILOT_NETWORK_URL ?? defaultBuildConfig.networkUrl);
  const networkUrl = `${network.origin}${network.pathname.replace(/\/+$/, '')}`;
  return { appOrigins, networkUrl };
}

/** A match pattern for an origin: Chrome's patterns carry no port, so it covers every port of the host. */
export function matchPatternOf(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/**
 * The manifest's host access for the network: its own address and, for linkedin.com itself, the
 * media host where LinkedIn keeps messages' files (*.licdn.com), which the inbox's attachments
 * are read from. A stand-in or the sandbox's facade serves its files from its own origin.
 */
export function networkMatchPatternsOf(networkUrl: string): string[] {
  const own = matchPatternOf(networkUrl);
  return new URL(networkUrl).hostname === 'www.linkedin.com' ? [own, 'https://*.licdn.com/*'] : [own];
}

/** Whether a page's origin is one of the app's (same scheme and host; the port is free, as in the manifest). */
export function isAppOrigin(config: BuildConfig, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return config.appOrigins.some((allowed) => {
    const app = new URL(allowed);
    return app.protocol === url.protocol && app.hostname === url.hostname;
  });
}
