import { type TeamNoticeResponse, teamMessages } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { teamMembers } from '../db/schema.ts';
import { recordTeamChange } from './record-team-change.ts';
import { requireActionOnMember, type TeamCaller, type TeamDeps } from './team-membership.ts';

/** PUT team/personas/{id}/role (beyond §7): the owner makes a member a manager, or a user again. */
export async function changeMemberRole(
  deps: TeamDeps,
  caller: TeamCaller,
  memberId: string,
  request: { role: 'manager' | 'user' },
): Promise<TeamNoticeResponse> {
  const { membership, member } = await requireActionOnMember(deps, caller, 'changeRole', memberId);
  await deps.db.transaction(async (tx) => {
    await tx.update(teamMembers).set({ role: request.role }).where(eq(teamMembers.id, member.id));
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      {
        teamId: membership.teamId,
        actorPersonaId: caller.personaId,
        action: 'role_changed',
        subject: member.email,
        details: { from: member.role, to: request.role },
      },
    );
  });
  return { message: teamMessages.roleChanged };
}
