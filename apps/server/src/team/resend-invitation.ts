import { type TeamNoticeResponse, teamMessages } from '@outpilot/contracts';
import { ValidationError } from '../errors.ts';
import { findInviter, issueInvitationCode, mailInvitation } from './invitation-code.ts';
import { recordTeamChange } from './record-team-change.ts';
import { requireActionOnMember, requireTeamPlan, type TeamCaller, type TeamDeps } from './team-membership.ts';

/** POST team/personas/{id}/resend-invitation: a new code and expiry, mailed again; the old code stops working. */
export async function resendInvitation(
  deps: TeamDeps,
  caller: TeamCaller,
  memberId: string,
): Promise<TeamNoticeResponse> {
  const { membership, member } = await requireActionOnMember(deps, caller, 'resendInvitation', memberId);
  if (member.acceptedAt) throw new ValidationError('id', teamMessages.notPending);
  await requireTeamPlan(deps, membership.ownerPersonaId);
  const inviter = await findInviter(deps.db, caller.personaId);
  const code = await deps.db.transaction(async (tx) => {
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      {
        teamId: membership.teamId,
        actorPersonaId: caller.personaId,
        action: 'invitation_resent',
        subject: member.email,
      },
    );
    return issueInvitationCode({ db: tx, clock: deps.clock }, member.id);
  });
  await mailInvitation(deps, { email: member.email, code, inviterName: inviter.name });
  return { message: teamMessages.invitationResent };
}
