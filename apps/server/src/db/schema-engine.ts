import type { ActivityOutcome } from '@outpilot/contracts';
import type { ActivityLimitKind } from '@outpilot/domain';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { personas } from './schema.ts';
import { activities } from './schema-campaigns.ts';

/**
 * The campaign engine's own bookkeeping (apps/server/src/engine): the reports runners sent, so a
 * resent report answers duplicate and changes nothing, and each persona's sync cursors.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per accepted report: the runner's idempotency key with what it reported. */
export const activityReports = pgTable(
  'activity_reports',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').$type<ActivityOutcome>().notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [index('activity_reports_activity_id_idx').on(t.activityId)],
);

/** Where a persona's runner continues syncing: the conversations token it last reported. */
export const personaSyncState = pgTable('persona_sync_state', {
  personaId: uuid('persona_id')
    .primaryKey()
    .references(() => personas.id, { onDelete: 'cascade' }),
  conversationsSyncToken: text('conversations_sync_token'),
  connectionsSyncedAt: instant('connections_synced_at'),
  conversationsSyncedAt: instant('conversations_synced_at'),
});

/**
 * One row per claim of an activity (its attempt): which local day's counter of which kind the
 * claim took, so releasing it (a lease that expired, a transient error, a refusal) gives the unit
 * back to that day, exactly once (released_at).
 */
export const activityClaims = pgTable(
  'activity_claims',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    runnerId: text('runner_id').notNull(),
    /** Null for an activity that counts against no limit (Withdraw). */
    limitKind: text('limit_kind').$type<ActivityLimitKind>(),
    localDay: integer('local_day').notNull(),
    claimedAt: instant('claimed_at').notNull(),
    releasedAt: instant('released_at'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.attempt] })],
);

/**
 * Each persona's place in the claim's rhythm. The pace (next_action_at, the day's action count)
 * is set by the claim that takes an action (@outpilot/domain pacing.ts). next_check_at is when a
 * claim should look at the persona next: the claim sets it from what the persona waits for (its
 * pace, working hours, a due time, a limit's midnight), and a trigger on activities lowers it to
 * the due time of every activity that becomes queued (drizzle/0010_wake_personas_on_queued.sql),
 * so no write path can forget to wake the persona. Null: nothing queued. A claim locks the row FOR UPDATE SKIP LOCKED:
 * one claimer at a time per persona, which is what keeps its pace and limits.
 */
export const personaRuntime = pgTable(
  'persona_runtime',
  {
    personaId: uuid('persona_id')
      .primaryKey()
      .references(() => personas.id, { onDelete: 'cascade' }),
    nextActionAt: instant('next_action_at'),
    actionDay: integer('action_day'),
    actionsInDay: integer('actions_in_day').notNull().default(0),
    nextCheckAt: instant('next_check_at'),
  },
  (t) => [index('persona_runtime_next_check_at_idx').on(t.nextCheckAt)],
);
