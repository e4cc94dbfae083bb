import type { TokenPair } from '@outpilot/contracts';
import { sessions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { createRefreshToken, hashToken, signAccessToken } from './tokens.ts';

const dayMs = 24 * 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Opens a session for a user in a workspace and hands out its first token pair. */
export async function issueSession(
  deps: Deps,
  input: { userId: string; personaId: string },
): Promise<TokenPair> {
  const now = deps.clock.now();
  const refreshToken = createRefreshToken();
  const [session] = await deps.db
    .insert(sessions)
    .values({
      userId: input.userId,
      personaId: input.personaId,
      refreshTokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiry(deps, now),
      createdAt: now,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('Session insert returned no row');
  return tokenPair(deps, { ...input, sessionId: session.id }, refreshToken);
}

export function refreshExpiry(deps: Deps, now: Date): Date {
  return new Date(now.getTime() + deps.config.refreshTokenTtlDays * dayMs);
}

export async function tokenPair(
  deps: Deps,
  claims: { userId: string; personaId: string; sessionId: string },
  refreshToken: string,
): Promise<TokenPair> {
  const access = await signAccessToken(claims, {
    secret: deps.config.authSecret,
    now: deps.clock.now(),
    ttlSeconds: deps.config.accessTokenTtlSeconds,
  });
  return { accessToken: access.token, accessTokenExpiresAt: access.expiresAt.toISOString(), refreshToken };
}
