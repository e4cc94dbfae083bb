import { apiPaths, appProfileSchema, errorBodySchema, logEntrySchema } from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { recordClientLog } from '../logs/record-client-log.ts';
import { authOf } from '../plugins/auth-guard.ts';
import { getProfile } from '../profile/get-profile.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    apiPaths.profile,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['profile'],
        summary: 'The app profile of the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: appProfileSchema, 403: errorBodySchema },
      },
    },
    (request) => {
      const auth = authOf(request);
      return getProfile(deps, { ...auth, accessTokenExpiresAt: auth.expiresAt });
    },
  );

  app.post(
    apiPaths.logs,
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['logs'],
        summary: 'Report a client error (Bearer optional)',
        body: logEntrySchema,
        response: { 204: z.null(), 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      await recordClientLog(deps, { personaId: request.auth?.personaId ?? null, entry: request.body });
      return reply.status(204).send(null);
    },
  );
};
