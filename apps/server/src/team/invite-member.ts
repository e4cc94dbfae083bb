import { isAllowed, type TeamNoticeResponse, teamMessages } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../db/is-unique-violation.ts';
import { teamMembers, teams } from '../db/schema.ts';
import { NotAuthorizedError, ValidationError } from '../errors.ts';
import { findInviter, issueInvitationCode, mailInvitation } from './invitation-code.ts';
import { recordTeamChange } from './record-team-change.ts';
import {
  findMembership,
  type Membership,
  requireTeamPlan,
  type TeamCaller,
  type TeamDeps,
} from './team-membership.ts';

/**
 * POST team/personas/invite: an owner or manager invites an e-mail as a user. A persona on the
 * Team plan with no team yet becomes the owner of a new one.
 */
export async function inviteMember(
  deps: TeamDeps,
  caller: TeamCaller,
  request: { email: string },
): Promise<TeamNoticeResponse> {
  if (caller.actor) throw new NotAuthorizedError();
  const email = request.email.trim().toLowerCase();
  const inviter = await findInviter(deps.db, caller.personaId);
  if (inviter.email.toLowerCase() === email) throw new ValidationError('email', teamMessages.inviteYourself);

  const membership = await teamOfInviter(deps, caller.personaId, inviter.email);
  await requireTeamPlan(deps, membership.ownerPersonaId);
  const code = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ pending: sql<boolean>`${teamMembers.acceptedAt} is null` })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, membership.teamId), sql`lower(${teamMembers.email}) = ${email}`));
    if (existing)
      throw new ValidationError(
        'email',
        existing.pending ? teamMessages.alreadyInvited : teamMessages.alreadyMember,
      );
    const row = await tx
      .insert(teamMembers)
      .values({ teamId: membership.teamId, email, role: 'user', invitedAt: deps.clock.now() })
      .returning({ id: teamMembers.id })
      .then(([inserted]) => inserted)
      .catch((error: unknown) => {
        throw isUniqueViolation(error)
          ? new ValidationError('email', teamMessages.alreadyInvited, error)
          : error;
      });
    if (!row) throw new Error('Invitation insert returned no row');
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      { teamId: membership.teamId, actorPersonaId: caller.personaId, action: 'invited', subject: email },
    );
    return issueInvitationCode({ db: tx, clock: deps.clock }, row.id);
  });
  await mailInvitation(deps, { email, code, inviterName: inviter.name });
  return { message: teamMessages.invitationSent };
}

/** The inviter's team; a persona in no team starts one as its owner (the plan is checked next). */
async function teamOfInviter(deps: TeamDeps, personaId: string, email: string): Promise<Membership> {
  const existing = await findMembership(deps.db, personaId);
  if (existing) {
    if (!isAllowed('invite', existing.role)) throw new NotAuthorizedError();
    return existing;
  }
  await requireTeamPlan(deps, personaId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ ownerPersonaId: personaId, createdAt: now })
      .returning({ id: teams.id });
    if (!team) throw new Error('Team insert returned no row');
    const [owner] = await tx
      .insert(teamMembers)
      .values({ teamId: team.id, personaId, email, role: 'owner', invitedAt: now, acceptedAt: now })
      .returning({ id: teamMembers.id });
    if (!owner) throw new Error('Team owner insert returned no row');
    return { teamId: team.id, ownerPersonaId: personaId, memberId: owner.id, role: 'owner' as const };
  });
}
