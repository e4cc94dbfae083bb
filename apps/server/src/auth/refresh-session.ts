import type { TokenPair } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { rotatedRefreshTokens, sessions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError } from '../errors.ts';
import { refreshExpiry, tokenPair } from './issue-session.ts';
import { createRefreshToken, hashToken } from './tokens.ts';

type Outcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'rejected' };

/**
 * Rotates the refresh token: the presented one stops working and a new pair is handed out.
 * Presenting a token that was already rotated away means it leaked, so the whole session is revoked.
 */
export async function refreshSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  refreshToken: string,
): Promise<TokenPair> {
  const presentedHash = hashToken(refreshToken);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [session] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.refreshTokenHash, presentedHash))
      .limit(1)
      .for('update');
    if (session) {
      if (session.revokedAt || session.expiresAt <= now) return { kind: 'rejected' };
      const next = createRefreshToken();
      await tx
        .insert(rotatedRefreshTokens)
        .values({ tokenHash: presentedHash, sessionId: session.id, createdAt: now });
      await tx
        .update(sessions)
        .set({
          refreshTokenHash: hashToken(next),
          rotatedFrom: presentedHash,
          expiresAt: refreshExpiry(deps, now),
        })
        .where(eq(sessions.id, session.id));
      const pair = await tokenPair(
        deps,
        { userId: session.userId, personaId: session.personaId, sessionId: session.id },
        next,
      );
      return { kind: 'rotated', pair };
    }
    const [reused] = await tx
      .select({ sessionId: rotatedRefreshTokens.sessionId })
      .from(rotatedRefreshTokens)
      .where(eq(rotatedRefreshTokens.tokenHash, presentedHash))
      .limit(1);
    if (reused) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, reused.sessionId));
    }
    return { kind: 'rejected' };
  });
  if (outcome.kind === 'rejected') throw new NotAuthorizedError();
  return outcome.pair;
}
