import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { personaRuntime } from '../db/schema.ts';

/**
 * Asks the claim to look at the persona's queue again from `at` (at the latest): for changes that
 * queue nothing but may let something run sooner — a limit unit given back, new working hours, a
 * higher limit, another timezone. (Newly queued activities wake their persona by themselves: the
 * activities trigger, drizzle/0010_wake_personas_on_queued.sql.) Lock order: a transaction that
 * also changes daily usage counters wakes the persona first, as the claim locks the runtime row
 * before the counters.
 */
export async function wakePersona(tx: Executor, personaId: string, at: Date): Promise<void> {
  await tx.execute(sql`
    insert into ${personaRuntime} (persona_id, next_check_at)
    values (${personaId}::uuid, ${at.toISOString()}::timestamptz)
    on conflict (persona_id) do update
      set next_check_at = least(${personaRuntime.nextCheckAt}, excluded.next_check_at)`);
}
