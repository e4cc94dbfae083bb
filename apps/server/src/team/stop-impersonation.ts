import { teamMessages } from '@outpilot/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { impersonationSessions } from '../db/schema.ts';
import { ValidationError } from '../errors.ts';
import { recordTeamChange } from './record-team-change.ts';
import type { TeamCaller, TeamDeps } from './team-membership.ts';

/** Stop member session: the impersonation token stops working; the acting user's own session goes on. */
export async function stopImpersonation(deps: TeamDeps, caller: TeamCaller): Promise<void> {
  if (!caller.actor) throw new ValidationError('authorization', teamMessages.notImpersonating);
  await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(impersonationSessions)
      .set({ endedAt: deps.clock.now() })
      .where(and(eq(impersonationSessions.id, caller.sessionId), isNull(impersonationSessions.endedAt)))
      .returning({
        teamId: impersonationSessions.teamId,
        actorPersonaId: impersonationSessions.actorPersonaId,
      });
    if (!ended) return;
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      {
        teamId: ended.teamId,
        actorPersonaId: ended.actorPersonaId,
        actingAsPersonaId: caller.personaId,
        action: 'impersonation_stopped',
        details: { session_id: caller.sessionId },
      },
    );
  });
}
