import {
  type ActivityError,
  type ActivityOutcome,
  type CampaignState,
  type CompleteReason,
  campaignStates,
  type ExecutionState,
  executionStates,
  type OperationType,
  type PauseReason,
  type StaticField,
  type StoredStep,
} from '@outpilot/contracts';
import { type ActivityLimitKind, activityLimitKinds } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './in-list.ts';
import { personas } from './schema.ts';
import { contacts } from './schema-contacts.ts';

/**
 * The campaign engine's tables (ARCHITECTURE "Campaign engine"): campaigns, their Compose
 * audience, executions (one per contact and campaign), the activity queue and the per-persona
 * daily usage counters that make the claim's limit check race-safe.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();

/** The activity queue's own states: the engine's bookkeeping, never shown by the API. */
export const activityStates = ['queued', 'claimed', 'done', 'failed', 'cancelled'] as const;
export type ActivityState = (typeof activityStates)[number];

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state').$type<CampaignState>().notNull().default('Compose'),
    completeReason: text('complete_reason').$type<CompleteReason>(),
    pauseReason: text('pause_reason').$type<PauseReason>(),
    archived: boolean('archived').notNull().default(false),
    /** The stored form: a Delay step after every Connect that is not last. */
    steps: jsonb('steps').$type<StoredStep[]>().notNull().default([]),
    launchInMinutes: integer('launch_in_minutes').notNull().default(0),
    /**
     * Some InQueue executions may have no activity yet: a launch or resume stopped at the queue
     * window (campaignQueueWindow of @outpilot/domain). The engine's top-up looks at these
     * campaigns only; it clears the flag once it finds nobody left waiting.
     */
    executionsWaiting: boolean('executions_waiting').notNull().default(false),
    /** Bumped by every change of steps or state (optimistic edits). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('campaigns_persona_id_archived_created_at_idx').on(t.personaId, t.archived, t.createdAt),
    check('campaigns_name_length_check', sql`char_length(${t.name}) between 1 and 50`),
    check('campaigns_state_check', sql.raw(`"state" in (${inList(campaignStates)})`)),
    check('campaigns_launch_in_minutes_check', sql`${t.launchInMinutes} >= 0`),
  ],
);

/**
 * A campaign's CRM settings (seed 001 "CRM settings"): the HubSpot contact property values its
 * contacts carry when synced, one entry per property, in the order hubspotPropertyNames lists.
 */
export const campaignHubspotSettings = pgTable('campaign_hubspot_settings', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  staticFields: jsonb('static_fields').$type<StaticField[]>().notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * The contacts a campaign targets. A Compose campaign's contacts are these rows; launching makes
 * an execution for each valid one and removes the contacts the start preview excluded.
 */
export const campaignAudience = pgTable(
  'campaign_audience',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.contactId] }),
    index('campaign_audience_contact_id_idx').on(t.contactId),
  ],
);

/** Per stored step (1-based number as text), the state that step reached for this contact. */
export type StepStates = Record<string, ExecutionState>;

export const executions = pgTable(
  'executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The campaign's persona, copied for tenancy scoping; the campaign's foreign key already ties
    // the row to it (and deletes it with it), so no second check per inserted row.
    personaId: uuid('persona_id').notNull(),
    // Both tied by the audience row (the foreign key below): one check per inserted row, not two.
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    state: text('state').$type<ExecutionState>().notNull().default('NotStarted'),
    /** 0-based index of the current step in the stored list (ExecutionProgress.stepIndex). */
    stepIndex: integer('step_index'),
    /** When the current InQueue step is due (its earliest time). */
    dueAt: instant('due_at'),
    /** When an InProgress wait (acceptance, reply) ends: the timeouts system's index. */
    awaitingUntil: instant('awaiting_until'),
    stepStates: jsonb('step_states').$type<StepStates>().notNull().default({}),
    conversationUrl: text('conversation_url'),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    // An execution is one audience member's run of the campaign: it exists only for an audience
    // row and goes with it (the audience row goes with its campaign or its contact).
    foreignKey({
      name: 'executions_campaign_audience_fk',
      columns: [t.campaignId, t.contactId],
      foreignColumns: [campaignAudience.campaignId, campaignAudience.contactId],
    }).onDelete('cascade'),
    uniqueIndex('executions_campaign_id_contact_id_idx').on(t.campaignId, t.contactId),
    // A campaign's executions in a state: statistics, and whether any is still open. A persona's
    // executions are found through its campaigns (no index of their own: one less per launched
    // contact and per move).
    index('executions_campaign_id_state_idx').on(t.campaignId, t.state),
    // A contact's executions: its latest run (the contacts row menu), sync's matches.
    index('executions_contact_id_idx').on(t.contactId),
    index('executions_awaiting_until_idx').on(t.awaitingUntil).where(sql`${t.state} = 'InProgress'`),
    check('executions_state_check', sql.raw(`"state" in (${inList(executionStates)})`)),
  ],
);

/**
 * The activity queue: one row per action an execution's step performs. A step can never have two
 * actions of one type (unique execution_id, step_number, operation_type); Withdraw shares the
 * Connect's step number. A claim takes one due queued activity of a persona whose turn it is
 * (persona_runtime; apps/server/src/engine/claim-activities.ts): state claimed, attempt + 1,
 * lease_owner, lease_expires_at. Report: one outcome per attempt. Whenever rows become queued,
 * a trigger wakes their personas (persona_runtime.next_check_at, a notification on commit).
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The execution's persona and campaign, copied so the claim and the lists need no join; the
    // execution's foreign key ties the row to both (and deletes it with them).
    personaId: uuid('persona_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    executionId: uuid('execution_id')
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    /** 1-based position in the campaign's stored step list. */
    stepNumber: integer('step_number').notNull(),
    operationType: text('operation_type').$type<OperationType>().notNull(),
    limitKind: text('limit_kind').$type<ActivityLimitKind>(),
    /** The earliest time (the step's delays); the claim's rule decides when after it. */
    dueAt: instant('due_at').notNull(),
    state: text('state').$type<ActivityState>().notNull().default('queued'),
    /** Claims so far; a report must carry the current one (fencing against zombie reports). */
    attempt: integer('attempt').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: instant('lease_expires_at'),
    outcome: text('outcome').$type<ActivityOutcome>(),
    networkRef: text('network_ref'),
    error: jsonb('error').$type<ActivityError>(),
    reportedAt: instant('reported_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activities_execution_id_step_number_operation_type_idx').on(
      t.executionId,
      t.stepNumber,
      t.operationType,
    ),
    // The claim reads each persona's first queued activity of each kind (queue order).
    index('activities_queued_persona_kind_due_idx')
      .on(t.personaId, t.limitKind, t.dueAt, t.stepNumber, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('activities_persona_id_state_idx').on(t.personaId, t.state),
    index('activities_claimed_lease_expires_at_idx').on(t.leaseExpiresAt).where(sql`${t.state} = 'claimed'`),
    index('activities_campaign_id_state_idx').on(t.campaignId, t.state),
    check('activities_state_check', sql.raw(`"state" in (${inList(activityStates)})`)),
    check('activities_attempt_check', sql`${t.attempt} >= 0`),
    check(
      'activities_limit_kind_check',
      sql.raw(`"limit_kind" is null or "limit_kind" in (${inList(activityLimitKinds)})`),
    ),
  ],
);

/**
 * How many actions of a kind a persona has taken (claimed and not released) in one local day
 * (localDayIndex of @outpilot/domain in the persona's timezone). The claim transaction inserts the
 * row if missing, locks it FOR UPDATE, compares used with the limit and increments it with the
 * claim; a released or failed-before-acting claim decrements it. Concurrent claimers of one persona
 * and kind queue on that row, so the limit holds at any number of runners and processes.
 */
export const personaDailyUsage = pgTable(
  'persona_daily_usage',
  {
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    localDay: integer('local_day').notNull(),
    limitKind: text('limit_kind').$type<ActivityLimitKind>().notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.personaId, t.localDay, t.limitKind] }),
    check('persona_daily_usage_used_check', sql`${t.used} >= 0`),
    check('persona_daily_usage_limit_kind_check', sql.raw(`"limit_kind" in (${inList(activityLimitKinds)})`)),
  ],
);

/**
 * Kept-up counts behind the campaign statistics, so the list page and the detail page's chart
 * cost the same for a campaign of 100 executions as for one of 100,000. Rows are deltas written
 * by statement triggers on executions, campaign_audience and activity_log (migration 0017: no
 * write path can forget them, and a bulk launch writes a handful of rows, not one per contact);
 * a tally's value is the sum of its deltas. Appending instead of updating one counter row keeps
 * concurrent engine transactions from queueing (or deadlocking) on a campaign's counters; reads
 * fold a campaign's deltas into one row per tally when they pile up (campaign-tallies.ts).
 * Tallies: 'execution:<state>', 'step:<number>:<state>' (the state an execution reached on a
 * stored step), 'audience', 'log:<action>' (activity log rows), 'logged:<action>' (executions
 * that logged the action at least once).
 */
export const campaignTallies = pgTable(
  'campaign_tallies',
  {
    // No foreign key: its check would take a KEY SHARE lock on the campaign row for every
    // execution write, queueing them behind a transaction holding the campaign FOR UPDATE (a
    // launch, a top-up). The triggers skip deleted campaigns and a trigger on campaigns removes
    // a deleted campaign's tallies (migration 0017).
    campaignId: uuid('campaign_id').notNull(),
    tally: text('tally').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('campaign_tallies_campaign_id_idx').on(t.campaignId)],
);

/**
 * Which actions each execution has logged at least once: the 'logged:<action>' tallies count a
 * first time only, and the primary key keeps two concurrent reports of one reply from counting
 * twice.
 */
export const executionLoggedActions = pgTable(
  'execution_logged_actions',
  {
    // No foreign key, as activity_log.execution_id has none: the log outlives an excluded
    // execution, and so does the fact that it logged.
    executionId: uuid('execution_id').notNull(),
    action: text('action').notNull(),
  },
  (t) => [primaryKey({ columns: [t.executionId, t.action] })],
);
