import type { ActivityError, ActivityOutcome } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { type ActivityAction, activities, activityLog, activityReports, contacts } from '../db/schema.ts';
import type { UpsertRecord } from '../imports/contact-records.ts';
import type { ExecutionMoveRow } from './advance-execution.ts';
import { writeExecutionMoves } from './engine-helpers.ts';
import { type ClaimToRelease, releaseClaims } from './release-claim.ts';

/**
 * What one executed contact write sets: the last-contacted time and, after a ScrapeProfile, what
 * the profile shows (the import's profile columns; null keeps the stored value).
 */
export type ContactWrite = { contact_id: string; contacted_at: string } & Pick<
  UpsertRecord,
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'occupation'
  | 'location'
  | 'last_job'
  | 'distance'
  | 'is_premium'
>;

/**
 * A report and its consequences, as rows of the batch's statement: the activity finished (done,
 * failed) or back in the queue (queued, or cancelled while its campaign is not running).
 */
export type ReportWrite = {
  idempotency_key: string;
  activity_id: string;
  attempt: number;
  outcome: ActivityOutcome;
  state: 'done' | 'failed' | 'queued' | 'cancelled';
  /** Stored when not null (the invitation id of a Connect, for its Withdraw). */
  network_ref: string | null;
  error: ActivityError | null;
  /** A queued activity's new due time (null: unchanged). */
  due_at: string | null;
  /** The activity log line, when the report records one. */
  logged: {
    persona_id: string;
    campaign_id: string;
    execution_id: string;
    action: ActivityAction;
    occurred_at: string;
  } | null;
  contact: ContactWrite | null;
  /** The execution's move, when the event still applies to it. */
  move: ExecutionMoveRow | null;
};

/**
 * The writes of a batch of reports (one transaction), kept until `flush` writes them in ONE
 * set-based statement whose text is the same for any count (planned once per connection): the
 * reports stored, the activities finished or queued again, the log lines, the contacts'
 * last-contacted times, the executions' moves, and the campaigns completed whose last open
 * execution ended; then the limit units given back (releaseClaims), set-based too. A report that
 * writes in its own statement (a pause of the campaign) flushes first, so the batch's writes keep
 * their order.
 */
export class ReportBatch {
  private readonly pending: ReportWrite[] = [];
  private readonly releases: ClaimToRelease[] = [];

  constructor(
    private readonly tx: Executor,
    private readonly now: Date,
  ) {}

  async write(write: ReportWrite): Promise<void> {
    // A statement writes a row once: a second move of one execution goes in the next statement.
    const executionId = write.move?.execution_id;
    if (executionId && this.pending.some((pending) => pending.move?.execution_id === executionId)) {
      await this.flush();
    }
    this.pending.push(write);
  }

  /** Gives the claim's limit unit back after the writes before it (at the next flush). */
  release(claim: ClaimToRelease): void {
    this.releases.push(claim);
  }

  async flush(): Promise<void> {
    const writes = this.pending.splice(0);
    const releases = this.releases.splice(0);
    if (writes.length > 0) {
      const moves = writes.flatMap((write) => (write.move ? [write.move] : []));
      await writeExecutionMoves(this.tx, moves, this.now, reportWritesSql(writes, this.now));
    }
    await releaseClaims(this.tx, releases, this.now);
  }
}

/** Two writes of one contact in a batch become one: the later time, the later non-null fields. */
function mergeContactWrites(writes: readonly ContactWrite[]): ContactWrite[] {
  const byId = new Map<string, ContactWrite>();
  for (const write of writes) {
    const before = byId.get(write.contact_id);
    if (!before) {
      byId.set(write.contact_id, write);
      continue;
    }
    const merged = { ...before };
    for (const [key, value] of Object.entries(write) as [keyof ContactWrite, never][]) {
      if (value !== null) merged[key] = value;
    }
    const later = Date.parse(write.contacted_at) > Date.parse(before.contacted_at) ? write : before;
    merged.contacted_at = later.contacted_at;
    byId.set(write.contact_id, merged);
  }
  return [...byId.values()];
}

/** The WITH steps (named `report_*`) that store the reports and write their activities, log and contacts. */
function reportWritesSql(writes: readonly ReportWrite[], now: Date): ReturnType<typeof sql> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = writes.map(({ contact: _contact, move: _move, ...row }) => row);
  const contactWrites = mergeContactWrites(writes.flatMap((write) => (write.contact ? [write.contact] : [])));
  const activityIds = writes.map((write) => write.activity_id);
  const contactIds = contactWrites.map((write) => write.contact_id);
  // As executionMovesSql, the ids also travel as arrays so the updates probe the primary keys.
  return sql`report_rows as (
    select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as w(
      idempotency_key text, activity_id uuid, attempt int, outcome text, state text, network_ref text,
      error jsonb, due_at timestamptz, logged jsonb)
  ), report_contact_rows as (
    select * from jsonb_to_recordset(${JSON.stringify(contactWrites)}::jsonb) as c(
      contact_id uuid, contacted_at timestamptz, first_name text, last_name text, full_name text,
      occupation text, location text, last_job text, distance smallint, is_premium boolean)
  ), report_stored as (
    insert into ${activityReports} (idempotency_key, activity_id, attempt, outcome, received_at)
    select w.idempotency_key, w.activity_id, w.attempt, w.outcome, ${at} from report_rows w
    returning 1
  ), report_activities as (
    update ${activities} a set state = w.state, outcome = w.outcome,
      network_ref = coalesce(w.network_ref, a.network_ref), error = w.error, reported_at = ${at},
      due_at = coalesce(w.due_at, a.due_at), lease_owner = null, lease_expires_at = null
    from report_rows w
    where a.id = w.activity_id and a.id = any(${pgArray(activityIds)}::uuid[])
    returning 1
  ), report_logged as (
    insert into ${activityLog} (persona_id, campaign_id, execution_id, action, occurred_at)
    select (w.logged->>'persona_id')::uuid, (w.logged->>'campaign_id')::uuid,
           (w.logged->>'execution_id')::uuid, w.logged->>'action', (w.logged->>'occurred_at')::timestamptz
    from report_rows w where w.logged is not null
    returning 1
  ), report_contacted as (
    update ${contacts} t set contacted_at = c.contacted_at,
      first_name = coalesce(c.first_name, t.first_name), last_name = coalesce(c.last_name, t.last_name),
      full_name = coalesce(c.full_name, t.full_name), occupation = coalesce(c.occupation, t.occupation),
      location = coalesce(c.location, t.location), last_job = coalesce(c.last_job, t.last_job),
      distance = coalesce(c.distance, t.distance), is_premium = coalesce(c.is_premium, t.is_premium)
    from report_contact_rows c
    where t.id = c.contact_id and t.id = any(${pgArray(contactIds)}::uuid[])
    returning 1
  )`;
}
