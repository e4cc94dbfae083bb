import { type TeamNoticeResponse, teamMessages } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../db/is-unique-violation.ts';
import { personas, teamMembers, users } from '../db/schema.ts';
import { NotAuthorizedError, NotFoundError, ValidationError } from '../errors.ts';
import { hashInvitationCode } from './invitation-code.ts';
import { recordTeamChange } from './record-team-change.ts';
import { findMembership, type TeamCaller, type TeamDeps } from './team-membership.ts';

const refuse = (message: string) => new ValidationError('code', message);

/**
 * POST team/personas/accept-invitation: the signed-in persona joins the team the code invites it
 * to. The code works once, before it expires, for the e-mail it was sent to.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  caller: TeamCaller,
  request: { code: string },
): Promise<TeamNoticeResponse> {
  if (caller.actor) throw new NotAuthorizedError();
  const [invitation] = await deps.db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.inviteCodeHash, hashInvitationCode(request.code)))
    .limit(1);
  if (!invitation) throw refuse(teamMessages.invitationInvalid);
  if (invitation.acceptedAt) throw refuse(teamMessages.invitationUsed);
  if (!invitation.inviteExpiresAt || invitation.inviteExpiresAt <= deps.clock.now())
    throw refuse(teamMessages.invitationExpired);
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(personas, eq(personas.userId, users.id))
    .where(eq(personas.id, caller.personaId));
  if (!user) throw new NotFoundError('Profile not found');
  if (user.email.toLowerCase() !== invitation.email.toLowerCase())
    throw refuse(teamMessages.invitationOtherEmail);
  if (await findMembership(deps.db, caller.personaId)) throw refuse(teamMessages.alreadyInTeam);

  await deps.db
    .transaction(async (tx) => {
      const accepted = await tx
        .update(teamMembers)
        .set({ personaId: caller.personaId, acceptedAt: deps.clock.now(), email: user.email })
        .where(eq(teamMembers.id, invitation.id))
        .returning({ id: teamMembers.id });
      if (accepted.length === 0) throw refuse(teamMessages.invitationInvalid);
      await recordTeamChange(
        { db: tx, clock: deps.clock },
        {
          teamId: invitation.teamId,
          actorPersonaId: caller.personaId,
          action: 'invitation_accepted',
          subject: user.email,
        },
      );
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? refuse(teamMessages.alreadyInTeam) : error;
    });
  return { message: teamMessages.joinedText };
}
