import { type ImpersonationResponse, teamLimits, teamMessages } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { signAccessToken } from '../auth/tokens.ts';
import { impersonationSessions, personas } from '../db/schema.ts';
import { NotAuthorizedError, ValidationError } from '../errors.ts';
import { recordTeamChange } from './record-team-change.ts';
import { requireActionOnMember, requireTeamPlan, type TeamCaller, type TeamDeps } from './team-membership.ts';

/**
 * Sign in under a team member: an owner or manager gets a short-lived access token naming both
 * (act claim) with no refresh token. From a member session no other one can be started.
 */
export async function impersonateMember(
  deps: TeamDeps,
  caller: TeamCaller,
  memberId: string,
): Promise<ImpersonationResponse> {
  const { membership, member } = await requireActionOnMember(deps, caller, 'impersonate', memberId);
  if (member.personaId === caller.personaId) throw new NotAuthorizedError();
  if (!member.acceptedAt || !member.personaId) throw new ValidationError('id', teamMessages.memberPending);
  await requireTeamPlan(deps, membership.ownerPersonaId);
  const [memberPersona] = await deps.db
    .select({ userId: personas.userId })
    .from(personas)
    .where(eq(personas.id, member.personaId));
  if (!memberPersona) throw new ValidationError('id', teamMessages.memberPending);

  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + teamLimits.impersonationTtlSeconds * 1000);
  const session = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(impersonationSessions)
      .values({
        teamId: membership.teamId,
        actorUserId: caller.userId,
        actorPersonaId: caller.personaId,
        actorSessionId: caller.sessionId,
        memberId: member.id,
        memberPersonaId: member.personaId as string,
        startedAt: now,
        expiresAt,
      })
      .returning({ id: impersonationSessions.id });
    if (!row) throw new Error('Impersonation session insert returned no row');
    await recordTeamChange(
      { db: tx, clock: deps.clock },
      {
        teamId: membership.teamId,
        actorPersonaId: caller.personaId,
        actingAsPersonaId: member.personaId,
        action: 'impersonation_started',
        subject: member.email,
        details: { session_id: row.id, expires_at: expiresAt.toISOString() },
      },
    );
    return row;
  });
  const access = await signAccessToken(
    {
      userId: memberPersona.userId,
      personaId: member.personaId,
      sessionId: session.id,
      actor: { userId: caller.userId, personaId: caller.personaId },
    },
    { secret: deps.config.authSecret, now, ttlSeconds: teamLimits.impersonationTtlSeconds },
  );
  return {
    accessToken: access.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    memberPersonaId: member.personaId,
  };
}
