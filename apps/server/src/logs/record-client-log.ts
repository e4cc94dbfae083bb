import type { LogEntry } from '@outpilot/contracts';
import { clientLogs } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/** Stores an error reported by the app or the agent (POST logs). */
export async function recordClientLog(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string | null; entry: Required<LogEntry> },
): Promise<void> {
  await deps.db.insert(clientLogs).values({
    personaId: input.personaId,
    severity: input.entry.severity,
    eventId: input.entry.event_id,
    message: input.entry.message,
    args: input.entry.args,
    createdAt: deps.clock.now(),
  });
}
