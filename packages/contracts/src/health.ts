import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { apiPaths } from './paths.ts';

/**
 * GET /api/v1/health (public): the server answers and its database is reachable. It tells nobody
 * the version or the kind of database, which would only help someone looking for a known flaw.
 */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  now: z.iso.datetime(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /automation/v1/health (Bearer): the automation service answers for this workspace. */
export const automationHealthResponseSchema = z.object({
  ok: z.literal(true),
  personaId: z.string(),
});
export type AutomationHealthResponse = z.infer<typeof automationHealthResponseSchema>;

export const healthEndpoints = {
  health: defineEndpoint({
    service: 'api',
    access: 'public',
    tags: ['system'],
    errors: [],
    method: 'GET',
    path: apiPaths.health,
    summary: 'Liveness and database check',
    answers: { 200: healthResponseSchema },
  }),
};
