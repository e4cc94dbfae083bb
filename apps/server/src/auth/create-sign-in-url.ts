import type { SignInUrlResponse } from '@outpilot/contracts';
import { lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { authRequests } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/** A pending sign-in is single use and lives this long. */
export const authRequestTtlMs = 10 * 60 * 1000;

/** Starts the authorization-code flow with PKCE: remembers state, verifier, nonce and where to return. */
export async function createSignInUrl(
  deps: Pick<AppDeps, 'db' | 'clock' | 'oidc'>,
  request: { returnTo: string; referrer?: string | undefined },
): Promise<SignInUrlResponse> {
  const now = deps.clock.now();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  const url = await deps.oidc.buildSignInUrl({ state, nonce, codeChallenge });
  await deps.db
    .delete(authRequests)
    .where(lt(authRequests.createdAt, new Date(now.getTime() - authRequestTtlMs)));
  await deps.db.insert(authRequests).values({
    state,
    nonce,
    codeVerifier,
    returnTo: request.returnTo,
    referrer: request.referrer ?? null,
    createdAt: now,
  });
  return { url };
}
