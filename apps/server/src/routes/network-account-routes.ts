import { networkAccountEndpoints } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { linkNetworkProfile } from '../network-account/link-network-profile.ts';
import { listNetworkProfiles } from '../network-account/list-network-profiles.ts';
import { routesOf } from './register-endpoints.ts';

/** Linking the user's network account (onboarding step 3), once and for good. */
export const networkAccountRoutes = (deps: AppDeps) =>
  routesOf(networkAccountEndpoints, {
    list: ({ auth }) => listNetworkProfiles(deps, { personaId: auth.personaId }),
    link: ({ auth, body }) =>
      linkNetworkProfile(deps, {
        userId: auth.userId,
        personaId: auth.personaId,
        accessTokenExpiresAt: auth.expiresAt,
        profile: body,
      }),
  });
