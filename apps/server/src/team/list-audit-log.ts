import { type TeamAuditAction, type TeamAuditLogResponse, teamAuditActions } from '@outpilot/contracts';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { personas, teamAuditLog, users } from '../db/schema.ts';
import { requireMembership, type TeamCaller, type TeamDeps } from './team-membership.ts';

const auditPageSize = 200;
const actorPersona = alias(personas, 'actor_persona');
const actorUser = alias(users, 'actor_user');
const actingPersona = alias(personas, 'acting_persona');
const actingUser = alias(users, 'acting_user');

const isAuditAction = (value: string): value is TeamAuditAction =>
  (teamAuditActions as readonly string[]).includes(value);

/** GET team/audit-log (beyond the spec): the owner reads the newest 200 entries of the team's log. */
export async function listAuditLog(deps: TeamDeps, caller: TeamCaller): Promise<TeamAuditLogResponse> {
  const membership = await requireMembership(deps, caller, 'readAuditLog');
  const rows = await deps.db
    .select({ entry: teamAuditLog, actor: actorUser.email, actingAs: actingUser.email })
    .from(teamAuditLog)
    .leftJoin(actorPersona, eq(actorPersona.id, teamAuditLog.actorPersonaId))
    .leftJoin(actorUser, eq(actorUser.id, actorPersona.userId))
    .leftJoin(actingPersona, eq(actingPersona.id, teamAuditLog.actingAsPersonaId))
    .leftJoin(actingUser, eq(actingUser.id, actingPersona.userId))
    .where(eq(teamAuditLog.teamId, membership.teamId))
    .orderBy(desc(teamAuditLog.occurredAt), desc(teamAuditLog.id))
    .limit(auditPageSize);
  const documents = rows.flatMap(({ entry, actor, actingAs }) =>
    isAuditAction(entry.action)
      ? [
          {
            id: String(entry.id),
            action: entry.action,
            actor,
            acting_as: actingAs,
            subject: entry.subject,
            details: entry.details,
            occurred_at: entry.occurredAt.toISOString(),
          },
        ]
      : [],
  );
  return { documents, total: documents.length };
}
