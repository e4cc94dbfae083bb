import { type TeamNoticeResponse, teamMessages } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { teamMembers } from '../db/schema.ts';
import { recordTeamChange } from './record-team-change.ts';
import { requireActionOnMember, type TeamCaller, type TeamDeps } from './team-membership.ts';

/** PUT team/personas/{id}/nickname: the contact name the team sees (max 50; empty clears it). */
export async function renameMember(
  deps: TeamDeps,
  caller: TeamCaller,
  memberId: string,
  request: { name: string },
): Promise<TeamNoticeResponse> {
  const { membership, member } = await requireActionOnMember(deps, caller, 'renameMember', memberId);
  const nickname = request.name.trim() || null;
  await deps.db.transaction(async (tx) => {
    await tx.update(teamMembers).set({ nickname }).where(eq(teamMembers.id, member.id));
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      {
        teamId: membership.teamId,
        actorPersonaId: caller.personaId,
        action: 'nickname_changed',
        subject: member.email,
        details: { from: member.nickname, to: nickname },
      },
    );
  });
  return { message: teamMessages.nicknameChanged };
}
