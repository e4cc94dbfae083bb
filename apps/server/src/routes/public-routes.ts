import { apiPaths, clientConfigSchema, healthResponseSchema } from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getClientConfig } from '../client-config/get-client-config.ts';
import type { AppDeps } from '../deps.ts';
import { checkHealth } from '../health/check-health.ts';

export const publicRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema },
      },
    },
    () => checkHealth(deps),
  );

  app.get(
    apiPaths.clientConfig,
    {
      schema: {
        tags: ['system'],
        summary: 'Public configuration of the web app',
        response: { 200: clientConfigSchema },
      },
    },
    () => getClientConfig(deps.config),
  );
};
