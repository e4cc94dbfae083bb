import { automationHealthResponseSchema, automationPaths, errorBodySchema } from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/auth-guard.ts';

/** The automation service (runners claim and report activities here in later issues). */
export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    automationPaths.health,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['automation'],
        summary: 'The automation service answers for this workspace',
        security: [{ bearer: [] }],
        response: { 200: automationHealthResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => ({ ok: true as const, personaId: authOf(request).personaId }),
  );
};
