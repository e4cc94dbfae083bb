import {
  isTransient,
  type RetryPolicy,
  realSleep,
  type Sleep,
  withRetry,
} from '../import-runner/with-retry.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import type { ProductApi } from './product-api.ts';

/**
 * Retries of the sandbox sign-in after the code exchange, which the sign-in answer waits for:
 * 4 tries over about 3.5 s at most (0.5, 1 and 2 s with jitter). A throttle asking for longer is
 * not waited out: the runner's NotAuthenticated pause shows it instead.
 */
export const networkSignInRetry: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 4_000 };

export type NetworkSignInOptions = {
  network: AgentNetworkClient;
  api: Pick<ProductApi, 'getProfile'>;
  signInToNetwork?: ((email: string) => Promise<unknown>) | undefined;
  pacing?: { sleep?: Sleep; random?: () => number; retry?: RetryPolicy } | undefined;
};

/**
 * After the product sign-in, a browser with no network session gets the sandbox member chosen for
 * the user's e-mail (sandbox mode only). Best effort, with a few retries on transient failures (a
 * network error, a 5xx, a 429): when it still fails the browser stays signed out of the network,
 * which the link step reports and local runs show as a NotAuthenticated pause.
 */
export async function ensureNetworkSession(
  options: NetworkSignInOptions,
  accessToken: string,
): Promise<void> {
  const { signInToNetwork, network, api, pacing } = options;
  if (!signInToNetwork) return;
  const policy = pacing?.retry ?? networkSignInRetry;
  const retried = <T>(call: () => Promise<T>) =>
    withRetry(
      async () => {
        try {
          return await call();
        } catch (error) {
          // A wait longer than the sign-in can afford ends the retries.
          if (isTransient(error) && (error.retryAfterMs ?? 0) > policy.maxDelayMs)
            throw new Error(error.message);
          throw error;
        }
      },
      { policy, sleep: pacing?.sleep ?? realSleep, random: pacing?.random ?? Math.random },
    );
  try {
    if ((await retried(() => network.getMyProfile())) !== null) return;
    const profile = await retried(() => api.getProfile(accessToken));
    await retried(() => signInToNetwork(profile.email));
  } catch {
    // Nothing more to do: the product sign-in itself succeeded.
  }
}
