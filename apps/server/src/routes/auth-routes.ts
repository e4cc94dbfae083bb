import { authEndpoints } from '@outpilot/contracts';
import { createSignInUrl } from '../auth/create-sign-in-url.ts';
import { exchangeCode } from '../auth/exchange-code.ts';
import { refreshSession } from '../auth/refresh-session.ts';
import { signOut } from '../auth/sign-out.ts';
import type { AppDeps } from '../deps.ts';
import { getProfile } from '../profile/get-profile.ts';
import { routesOf } from './register-endpoints.ts';

/** Sign-in, tokens and sign-out (seed 000 §4), and the signed-in user's app profile. */
export const authRoutes = (deps: AppDeps) =>
  routesOf(authEndpoints, {
    signInUrl: ({ body }) => createSignInUrl(deps, body),
    exchangeCode: ({ body }) => exchangeCode(deps, body),
    refreshToken: ({ body }) => refreshSession(deps, body.refreshToken),
    signOut: async ({ auth }) => {
      await signOut(deps, auth.sessionId);
      return null;
    },
    profile: ({ auth }) => getProfile(deps, { ...auth, accessTokenExpiresAt: auth.expiresAt }),
  });
