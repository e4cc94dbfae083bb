import type { TeamAuditAction } from '@outpilot/contracts';
import type { Executor } from '../db/executor.ts';
import { teamAuditLog } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/** One line of the team's audit log (beyond the spec): who did what, to whom, and as whom. */
export async function recordTeamChange(
  deps: { db: Executor; clock: AppDeps['clock'] },
  entry: {
    teamId: string;
    actorPersonaId: string | null;
    actingAsPersonaId?: string | null;
    action: TeamAuditAction;
    subject?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await deps.db.insert(teamAuditLog).values({
    teamId: entry.teamId,
    actorPersonaId: entry.actorPersonaId,
    actingAsPersonaId: entry.actingAsPersonaId ?? null,
    action: entry.action,
    subject: entry.subject ?? null,
    details: entry.details ?? {},
    occurredAt: deps.clock.now(),
  });
}
