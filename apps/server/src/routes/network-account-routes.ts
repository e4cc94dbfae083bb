import {
  errorBodySchema,
  linkNetworkProfileRequestSchema,
  linkNetworkProfileResponseSchema,
  networkAccountPaths,
  networkProfilesResponseSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.ts';
import { linkNetworkProfile } from '../network-account/link-network-profile.ts';
import { listNetworkProfiles } from '../network-account/list-network-profiles.ts';
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['network account'];
const security = [{ bearer: [] }];

/** Linking the user's network account (onboarding step 3), once and for good. */
export const networkAccountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    networkAccountPaths.list,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The network profile linked to the workspace (none or one)',
        response: { 200: networkProfilesResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => listNetworkProfiles(deps, { personaId: authOf(request).personaId }),
  );

  app.post(
    networkAccountPaths.link,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Link the captured network profile; answers the updated app profile',
        body: linkNetworkProfileRequestSchema,
        response: {
          200: linkNetworkProfileResponseSchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    (request) => {
      const auth = authOf(request);
      return linkNetworkProfile(deps, {
        userId: auth.userId,
        personaId: auth.personaId,
        accessTokenExpiresAt: auth.expiresAt,
        profile: request.body,
      });
    },
  );
};
