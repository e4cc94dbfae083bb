import { z } from 'zod';

/** POST logs (seed 000 §7): client errors reported by the app and the agent. */
export const logEntrySchema = z.object({
  severity: z.enum(['debug', 'info', 'warning', 'error']),
  event_id: z.string().max(100),
  message: z.string().max(4000),
  args: z.array(z.unknown()).max(20).default([]),
});
export type LogEntry = z.input<typeof logEntrySchema>;
