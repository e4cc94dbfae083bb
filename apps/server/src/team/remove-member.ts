import { type TeamNoticeResponse, teamMessages } from '@outpilot/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { impersonationSessions, sessions, teamMembers } from '../db/schema.ts';
import { ValidationError } from '../errors.ts';
import { requireRemovable } from './member-subscriptions.ts';
import { recordTeamChange } from './record-team-change.ts';
import {
  findTeamMember,
  requireAllowedOn,
  requireMembership,
  roleOf,
  type TeamCaller,
  type TeamDeps,
} from './team-membership.ts';

/**
 * DELETE team/personas/{id}: revokes a pending invitation (its code stops working) or removes a
 * member. A removed member's sessions and every member session opened on it end at once.
 */
export async function removeMember(
  deps: TeamDeps,
  caller: TeamCaller,
  memberId: string,
): Promise<TeamNoticeResponse> {
  const membership = await requireMembership(deps, caller, 'revokeInvitation');
  const member = await findTeamMember(deps.db, membership.teamId, memberId);
  if (roleOf(member) === 'owner') throw new ValidationError('id', teamMessages.cannotRemoveOwner);
  const pending = member.acceptedAt === null;
  requireAllowedOn(pending ? 'revokeInvitation' : 'removeMember', membership, member);
  await requireRemovable(deps, member.personaId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(teamMembers).where(eq(teamMembers.id, member.id));
    if (member.personaId) await endAccessOf(tx, deps.clock.now(), member.personaId);
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      {
        teamId: membership.teamId,
        actorPersonaId: caller.personaId,
        action: pending ? 'invitation_revoked' : 'member_removed',
        subject: member.email,
      },
    );
  });
  return {
    message: pending ? teamMessages.invitationRevoked(member.email) : teamMessages.memberDeleted,
  };
}

/** Revokes the persona's sessions and ends member sessions on it and by it. */
async function endAccessOf(tx: Executor, now: Date, personaId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.personaId, personaId), isNull(sessions.revokedAt)));
  for (const column of [impersonationSessions.memberPersonaId, impersonationSessions.actorPersonaId]) {
    await tx
      .update(impersonationSessions)
      .set({ endedAt: now })
      .where(and(eq(column, personaId), isNull(impersonationSessions.endedAt)));
  }
}
