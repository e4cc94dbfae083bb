import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/** Revokes the session, so both its access token and its refresh token stop working. */
export async function signOut(deps: Pick<AppDeps, 'db' | 'clock'>, sessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
