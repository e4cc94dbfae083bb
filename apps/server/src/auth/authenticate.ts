import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { impersonationSessions, sessions, teamMembers } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError } from '../errors.ts';
import { type AccessTokenClaims, verifyAccessToken } from './tokens.ts';

export type AuthContext = AccessTokenClaims;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Reads `Bearer <token>` from an Authorization header value; undefined when absent or not a bearer. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** Verifies an access token (signature, expiry on the injected clock) and that its session is still live. */
export async function authenticate(deps: Deps, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new NotAuthorizedError();
  const now = deps.clock.now();
  const claims = await verifyAccessToken(token, { secret: deps.config.authSecret, now });
  const live = claims.actor ? await impersonationIsLive(deps, claims) : await sessionIsLive(deps, claims);
  if (!live) throw new NotAuthorizedError();
  return claims;
}

async function sessionIsLive(deps: Deps, claims: AccessTokenClaims): Promise<boolean> {
  const [session] = await deps.db
    .select({ revokedAt: sessions.revokedAt, personaId: sessions.personaId, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, claims.sessionId))
    .limit(1);
  return (
    session !== undefined &&
    !session.revokedAt &&
    session.personaId === claims.personaId &&
    session.userId === claims.userId
  );
}

/**
 * An impersonation token works while its session is not stopped, the acting user's own session
 * is live, and the member is still in the team: removing the member ends it at once.
 */
async function impersonationIsLive(deps: Deps, claims: AccessTokenClaims): Promise<boolean> {
  if (!claims.actor) return false;
  const [row] = await deps.db
    .select({ id: impersonationSessions.id })
    .from(impersonationSessions)
    .innerJoin(sessions, eq(sessions.id, impersonationSessions.actorSessionId))
    .innerJoin(
      teamMembers,
      and(
        eq(teamMembers.id, impersonationSessions.memberId),
        eq(teamMembers.personaId, impersonationSessions.memberPersonaId),
        eq(teamMembers.teamId, impersonationSessions.teamId),
        isNotNull(teamMembers.acceptedAt),
      ),
    )
    .where(
      and(
        eq(impersonationSessions.id, claims.sessionId),
        eq(impersonationSessions.memberPersonaId, claims.personaId),
        eq(impersonationSessions.actorUserId, claims.actor.userId),
        eq(impersonationSessions.actorPersonaId, claims.actor.personaId),
        isNull(impersonationSessions.endedAt),
        gt(impersonationSessions.expiresAt, deps.clock.now()),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
