import type { TokenPair } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/executor.ts';
import { rotatedRefreshTokens, sessions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError } from '../errors.ts';
import { refreshExpiry, tokenPair } from './issue-session.ts';
import { createRefreshToken, hashToken } from './tokens.ts';

type Outcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'rejected' };
type Session = typeof sessions.$inferSelect;

/**
 * How long the refresh token just rotated away may be presented again. The answer to a refresh can
 * be lost after the server rotated (the page reloaded or closed mid-request, the connection
 * dropped); without this the client's next refresh would look like a leaked token and sign the user
 * out of every device. Within the window it rotates again; after it, it is reuse.
 */
export const rotatedTokenGraceMs = 60_000;

/**
 * Rotates the refresh token: the presented one stops working and a new pair is handed out.
 * Presenting a token that was already rotated away means it leaked, so the whole session is revoked,
 * unless it is the one just rotated away and the grace window is still open (a lost answer).
 */
export async function refreshSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  refreshToken: string,
): Promise<TokenPair> {
  const presentedHash = hashToken(refreshToken);
  const now = deps.clock.now();

  // The hash being replaced joins the rotated ones; the session remembers which token the client
  // held (`rotatedFrom`), so a retry of a lost answer rotates again from the same token.
  const rotate = async (tx: Transaction, session: Session, rotatedFrom: string): Promise<Outcome> => {
    const next = createRefreshToken();
    await tx
      .insert(rotatedRefreshTokens)
      .values({ tokenHash: session.refreshTokenHash, sessionId: session.id, createdAt: now })
      .onConflictDoNothing();
    await tx
      .update(sessions)
      .set({ refreshTokenHash: hashToken(next), rotatedFrom, expiresAt: refreshExpiry(deps, now) })
      .where(eq(sessions.id, session.id));
    const pair = await tokenPair(
      deps,
      { userId: session.userId, personaId: session.personaId, sessionId: session.id },
      next,
    );
    return { kind: 'rotated', pair };
  };

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [session] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.refreshTokenHash, presentedHash))
      .limit(1)
      .for('update');
    if (session) {
      if (session.revokedAt || session.expiresAt <= now) return { kind: 'rejected' };
      return rotate(tx, session, presentedHash);
    }
    const [reused] = await tx
      .select({ sessionId: rotatedRefreshTokens.sessionId, rotatedAt: rotatedRefreshTokens.createdAt })
      .from(rotatedRefreshTokens)
      .where(eq(rotatedRefreshTokens.tokenHash, presentedHash))
      .limit(1);
    if (!reused) return { kind: 'rejected' };
    const [owner] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.id, reused.sessionId))
      .limit(1)
      .for('update');
    if (!owner || owner.revokedAt || owner.expiresAt <= now) return { kind: 'rejected' };
    const lostAnswer =
      owner.rotatedFrom === presentedHash &&
      now.getTime() - reused.rotatedAt.getTime() <= rotatedTokenGraceMs;
    if (lostAnswer) return rotate(tx, owner, presentedHash);
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, owner.id));
    return { kind: 'rejected' };
  });
  if (outcome.kind === 'rejected') throw new NotAuthorizedError();
  return outcome.pair;
}
