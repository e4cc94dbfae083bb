import { sql } from 'drizzle-orm';
import { executeNamed } from '../db/execute-named.ts';
import type { Executor } from '../db/executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { rowsOf } from '../db/rows-of.ts';
import { activityClaims, personaDailyUsage, personaRuntime } from '../db/schema.ts';

/** A claim whose limit unit goes back: the activity and the attempt that took it. */
export type ClaimToRelease = { activityId: string; attempt: number };

type Released = { persona_id: string; limit_kind: string; local_day: number; units: number };

/**
 * Gives claims' units of the daily limit back to the local days they were taken from (a lease
 * that expired, a transient error, a refusal by the network, a skip): at most once per claim, and
 * their personas are woken (a unit may let something run today after all). Set-based, two
 * statements for any number of claims, in the claim's lock order: the personas' runtime rows (the
 * wake, with the claims marked released; a data-modifying WITH step runs to completion with its
 * statement) before their counters, so two transactions never wait in a circle. Answers how many
 * units went back.
 */
export async function releaseClaims(
  tx: Executor,
  claims: readonly ClaimToRelease[],
  now: Date,
): Promise<number> {
  if (claims.length === 0) return 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = claims.map((claim) => ({ activity_id: claim.activityId, attempt: claim.attempt }));
  const released = rowsOf<Released>(
    await executeNamed(
      tx,
      sql`with released as (
        update ${activityClaims} c set released_at = ${at}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(activity_id uuid, attempt int)
        where c.activity_id = x.activity_id and c.attempt = x.attempt and c.released_at is null
          and c.activity_id = any(${pgArray(claims.map((claim) => claim.activityId))}::uuid[])
        returning c.persona_id, c.limit_kind, c.local_day
      ), counted as (
        select persona_id, limit_kind, local_day, count(*)::int as units from released
        where limit_kind is not null group by persona_id, limit_kind, local_day
      ), woken as (
        insert into ${personaRuntime} (persona_id, next_check_at)
        select distinct persona_id, ${at} from counted order by persona_id
        on conflict (persona_id) do update
          set next_check_at = least(${personaRuntime.nextCheckAt}, excluded.next_check_at)
        returning 1
      )
      select * from counted`,
    ),
  );
  if (released.length === 0) return 0;
  await executeNamed(
    tx,
    sql`update ${personaDailyUsage} u set used = greatest(u.used - r.units, 0)
      from jsonb_to_recordset(${JSON.stringify(released)}::jsonb)
        as r(persona_id uuid, limit_kind text, local_day int, units int)
      where u.persona_id = r.persona_id and u.local_day = r.local_day and u.limit_kind = r.limit_kind
        and u.persona_id = any(${pgArray(released.map((row) => row.persona_id))}::uuid[])`,
  );
  return released.reduce((sum, row) => sum + row.units, 0);
}
