import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
import { activityClaims, personaDailyUsage } from '../db/schema.ts';
import { wakePersona } from './wake-persona.ts';

/**
 * Gives a claim's unit of the daily limit back to the local day it was taken from (a lease that
 * expired, a transient error, a refusal by the network, a skip): at most once per claim, and the
 * persona is woken (the unit may let something run today after all). Lock order, the claim's:
 * the persona's runtime row before its counter, so two transactions never wait in a circle.
 */
export async function releaseClaim(
  tx: Executor,
  input: { activityId: string; attempt: number; now: Date },
): Promise<boolean> {
  const [claim] = await tx
    .update(activityClaims)
    .set({ releasedAt: input.now })
    .where(
      and(
        eq(activityClaims.activityId, input.activityId),
        eq(activityClaims.attempt, input.attempt),
        isNull(activityClaims.releasedAt),
      ),
    )
    .returning({
      personaId: activityClaims.personaId,
      limitKind: activityClaims.limitKind,
      localDay: activityClaims.localDay,
    });
  if (!claim?.limitKind) return false;
  await wakePersona(tx, claim.personaId, input.now);
  await tx
    .update(personaDailyUsage)
    .set({ used: sql`greatest(${personaDailyUsage.used} - 1, 0)` })
    .where(
      and(
        eq(personaDailyUsage.personaId, claim.personaId),
        eq(personaDailyUsage.localDay, claim.localDay),
        eq(personaDailyUsage.limitKind, claim.limitKind),
      ),
    );
  return true;
}
