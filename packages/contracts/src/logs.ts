import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { apiPaths } from './paths.ts';

/** POST logs (seed 000 §7): client errors reported by the app and the agent. */
export const logEntrySchema = z.object({
  severity: z.enum(['debug', 'info', 'warning', 'error']),
  event_id: z.string().max(100),
  message: z.string().max(4000),
  args: z.array(z.unknown()).max(20).default([]),
});
export type LogEntry = z.input<typeof logEntrySchema>;

/** Client errors reported by the web app and the agent; the Bearer is optional (errors before sign-in too). */
export const logsEndpoints = {
  postLog: defineEndpoint({
    service: 'api',
    access: 'public',
    tags: ['logs'],
    errors: ['UnprocessableEntity'],
    method: 'POST',
    path: apiPaths.logs,
    summary: 'Report a client error (Bearer optional)',
    body: logEntrySchema,
    answers: { 204: z.null() },
  }),
};
