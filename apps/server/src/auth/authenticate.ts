import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError } from '../errors.ts';
import { type AccessTokenClaims, verifyAccessToken } from './tokens.ts';

export type AuthContext = AccessTokenClaims;

/** Reads `Bearer <token>` from an Authorization header value; undefined when absent or not a bearer. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** Verifies an access token (signature, expiry on the injected clock) and that its session is still live. */
export async function authenticate(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  token: string | undefined,
): Promise<AuthContext> {
  if (!token) throw new NotAuthorizedError();
  const now = deps.clock.now();
  const claims = await verifyAccessToken(token, { secret: deps.config.authSecret, now });
  const [session] = await deps.db
    .select({ revokedAt: sessions.revokedAt, personaId: sessions.personaId, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, claims.sessionId))
    .limit(1);
  if (
    !session ||
    session.revokedAt ||
    session.personaId !== claims.personaId ||
    session.userId !== claims.userId
  ) {
    throw new NotAuthorizedError();
  }
  return claims;
}
