import {
  type ClaimedActivity,
  type DailyLimits,
  defaultWorkingHours,
  type OperationType,
  type StoredStep,
} from '@outpilot/contracts';
import {
  activityLimitKinds,
  decideNextAction,
  localDayIndex,
  type PersonaPace,
  type PersonaSchedule,
  paceAfterAction,
  type QueuedActivity,
  type UsageCounts,
} from '@outpilot/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { executeNamed } from '../db/execute-named.ts';
import type { Executor } from '../db/executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { rowsOf } from '../db/rows-of.ts';
import {
  activities,
  activityClaims,
  campaigns,
  contacts,
  executions,
  personaDailyUsage,
  personaRuntime,
  personas,
  type WorkingHours,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import {
  contactProfileUrl,
  renderStepMessage,
  toLinkedinContact,
} from '../executions/to-execution-documents.ts';
import { pauseLapsedWorkspaces } from './pause-lapsed-workspaces.ts';

export type ClaimActivitiesInput = {
  /** The personas the runner acts for (the caller's persona; the cloud runner's cloud personas). */
  personaIds: readonly string[];
  runnerId: string;
  /** Activities at most, each of another persona. */
  max: number;
  leaseSeconds: number;
};

/** A persona whose turn it is, locked for this claim, with what the rule needs to know. */
type LockedPersona = {
  personaId: string;
  schedule: PersonaSchedule;
  usedToday: UsageCounts;
  pace: PersonaPace;
};

/** What the claim stores for one locked persona: the activity it takes, or when to look again. */
type PersonaPlan = {
  persona_id: string;
  activity_id: string | null;
  local_day: number;
  next_action_at: string | null;
  action_day: number | null;
  actions_in_day: number;
  next_check_at: string | null;
};

/**
 * The claim system. In ONE transaction, as of the injected clock's now:
 * 1. up to `max` of the runner's personas whose next check has come (persona_runtime), oldest
 *    first, locked FOR UPDATE SKIP LOCKED: one claimer at a time per persona, so any number of
 *    runners and server processes never act twice at once for one persona;
 * 2. per persona, the first queued activity of each limit kind (queue order, Running campaigns),
 *    read in the same statement;
 * 3. decideNextAction of @outpilot/domain on them — the pace (a human-like gap after the last
 *    action), working hours in the persona's timezone, the daily limit of each kind with today's
 *    count, the weekly invitation block, due times — takes at most ONE activity per persona, or
 *    says until when the persona waits: that becomes its next check;
 * 4. the taken activities become claimed (attempt + 1, lease_owner, lease_expires_at = now +
 *    lease on the same injected clock the expiry system reads), each with an activity_claims row
 *    recording the local day's counter unit it took, the day's counter grows, the persona's pace
 *    moves on. A chosen activity another transaction holds (being cancelled) is left, and its
 *    persona is looked at again at once.
 * Answers the contract's claim items with the contact and the rendered text.
 */
export async function claimActivities(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ClaimActivitiesInput,
): Promise<ClaimedActivity[]> {
  if (input.personaIds.length === 0 || input.max <= 0) return [];
  const personaIds = await pauseLapsedWorkspaces(deps, input.personaIds);
  if (personaIds.length === 0) return [];
  const now = deps.clock.now();
  const leaseExpiresAt = new Date(now.getTime() + input.leaseSeconds * 1000);
  return deps.db.transaction(async (tx) => {
    const locked = await lockPersonasDue(tx, personaIds, now, input.max);
    if (locked.length === 0) return [];
    const plans = locked.map(({ persona, heads }) => planPersona(persona, heads, now));
    const takenIds = await storePlans(tx, plans, { runnerId: input.runnerId, now, leaseExpiresAt });
    return takenIds.length === 0 ? [] : claimItems(tx, takenIds);
  });
}

function planPersona(persona: LockedPersona, heads: readonly QueuedActivity[], now: Date): PersonaPlan {
  const offset = persona.schedule.timezoneOffsetMinutes;
  const decision = decideNextAction({
    now,
    schedule: persona.schedule,
    usedToday: persona.usedToday,
    pace: persona.pace,
    heads,
  });
  if (decision.type === 'wait') {
    return {
      persona_id: persona.personaId,
      activity_id: null,
      local_day: localDayIndex(now, offset),
      next_action_at: null,
      action_day: null,
      actions_in_day: 0,
      next_check_at: decision.until?.toISOString() ?? null,
    };
  }
  const pace = paceAfterAction(persona.personaId, persona.pace, now, offset);
  return {
    persona_id: persona.personaId,
    activity_id: decision.activity.id,
    local_day: localDayIndex(now, offset),
    next_action_at: pace.nextActionAt?.toISOString() ?? null,
    action_day: pace.actionDay,
    actions_in_day: pace.actionsInDay,
    // Its next action can come no sooner than its pace allows.
    next_check_at: pace.nextActionAt?.toISOString() ?? null,
  };
}

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Steps 1 and 2 in one statement: the personas due a check, locked, with their rules and today's
 * counts, and per persona the first queued activity of each limit kind and of Withdraw (no
 * limit), in queue order, of Running campaigns (activities_queued_persona_kind_due_idx: one index
 * probe each). A limit holds back a whole kind, so no other activity can be the rule's pick.
 * The personas' rules and counts are read for the locked ones only, not for every persona due.
 */
async function lockPersonasDue(
  tx: Executor,
  personaIds: readonly string[],
  now: Date,
  max: number,
): Promise<{ persona: LockedPersona; heads: QueuedActivity[] }[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // The local day as localDayIndex of @outpilot/domain computes it, in the persona's offset.
  const localDay = sql`floor((extract(epoch from ${at}) + coalesce(p.timezone_offset, 0) * 60) / 86400)::int`;
  const head = (kindCondition: SQL) => sql`
    select a.id, a.operation_type, a.due_at, a.step_number from ${activities} a
    where a.persona_id = l.persona_id and a.state = 'queued' and ${kindCondition}
      and exists (select 1 from ${campaigns} c where c.id = a.campaign_id and c.state = 'Running')
    order by a.due_at, a.step_number, a.id
    limit 1`;
  const rows = rowsOf<{
    persona_id: string;
    next_action_at: string | Date | null;
    action_day: number | null;
    actions_in_day: number;
    working_hours: WorkingHours | null;
    timezone_offset: number | null;
    follow: number;
    invitations: number;
    messages: number;
    react_on_post: number;
    invitations_blocked_until: string | Date | null;
    used: UsageCounts;
    heads: { id: string; operation_type: OperationType; due_at: string; step_number: number }[];
  }>(
    await executeNamed(
      tx,
      sql`
      with due as (
        select r.persona_id, r.next_action_at, r.action_day, r.actions_in_day
        from ${personaRuntime} r
        where r.persona_id = any(${pgArray(personaIds)}::uuid[]) and r.next_check_at <= ${at}
        order by r.next_check_at
        limit ${max}
        for update of r skip locked
      ), locked as (
        select d.*, p.working_hours, p.timezone_offset, p.daily_follow_limit as follow,
               p.daily_invitations_limit as invitations, p.daily_messages_limit as messages,
               p.daily_react_on_post_limit as react_on_post, p.invitations_blocked_until,
               coalesce((select jsonb_object_agg(u.limit_kind, u.used) from ${personaDailyUsage} u
                         where u.persona_id = d.persona_id and u.local_day = ${localDay}), '{}'::jsonb) as used
        from due d
        join ${personas} p on p.id = d.persona_id
      )
      select l.*, coalesce((
        select jsonb_agg(h) from (
          select h.* from unnest(${pgArray(activityLimitKinds)}::text[]) k(kind)
          cross join lateral (${head(sql`a.limit_kind = k.kind`)}) h
          union all
          select h.* from (${head(sql`a.limit_kind is null`)}) h
        ) h), '[]'::jsonb) as heads
      from locked l`,
    ),
  );
  return rows.map((row) => {
    const limits: DailyLimits = {
      daily_linkedin_follow_limit: row.follow,
      daily_linkedin_invitations_limit: row.invitations,
      daily_linkedin_messages_limit: row.messages,
      daily_linkedin_react_on_post_limit: row.react_on_post,
    };
    return {
      persona: {
        personaId: row.persona_id,
        schedule: {
          workingHours: row.working_hours ?? defaultWorkingHours,
          timezoneOffsetMinutes: row.timezone_offset ?? 0,
          limits,
          invitationsBlockedUntil: row.invitations_blocked_until
            ? asDate(row.invitations_blocked_until)
            : null,
        },
        usedToday: row.used,
        pace: {
          nextActionAt: row.next_action_at ? asDate(row.next_action_at) : null,
          actionDay: row.action_day,
          actionsInDay: row.actions_in_day,
        },
      },
      heads: row.heads.map((head) => ({
        id: head.id,
        operation_type: head.operation_type,
        due_at: new Date(head.due_at),
        step_number: head.step_number,
      })),
    };
  });
}

/**
 * Step 4 in one statement: the chosen activities claimed (those still queued and not held by
 * another transaction), their claim rows, the day's counters, and every locked persona's pace
 * and next check. Answers the ids taken.
 */
async function storePlans(
  tx: Executor,
  plans: readonly PersonaPlan[],
  options: { runnerId: string; now: Date; leaseExpiresAt: Date },
): Promise<string[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const chosenIds = plans.flatMap((plan) => (plan.activity_id ? [plan.activity_id] : []));
  const personaIds = plans.map((plan) => plan.persona_id);
  // The ids travel as arrays compared with = any(): the planner probes the primary keys, where a
  // join with the plan's record set (estimated at 100 rows) would scan whole tables.
  const rows = rowsOf<{ id: string }>(
    await executeNamed(
      tx,
      sql`
      with plan as (
        select * from jsonb_to_recordset(${JSON.stringify(plans)}::jsonb) as x(
          persona_id uuid, activity_id uuid, local_day int, next_action_at timestamptz,
          action_day int, actions_in_day int, next_check_at timestamptz)
      ), chosen as (
        select a.id from ${activities} a
        where a.id = any(${pgArray(chosenIds)}::uuid[]) and a.state = 'queued'
        for update skip locked
      ), taken as (
        update ${activities} a
        set state = 'claimed', attempt = a.attempt + 1, lease_owner = ${options.runnerId},
            lease_expires_at = ${options.leaseExpiresAt.toISOString()}::timestamptz
        where a.id = any(array(select id from chosen))
        returning a.id, a.persona_id, a.limit_kind, a.attempt
      ), claims as (
        insert into ${activityClaims} (activity_id, attempt, persona_id, runner_id, limit_kind, local_day, claimed_at)
        select t.id, t.attempt, t.persona_id, ${options.runnerId}, t.limit_kind, plan.local_day, ${now}
        from taken t join plan on plan.persona_id = t.persona_id
      ), usage as (
        insert into ${personaDailyUsage} (persona_id, local_day, limit_kind, used)
        select t.persona_id, plan.local_day, t.limit_kind, 1
        from taken t join plan on plan.persona_id = t.persona_id
        where t.limit_kind is not null
        on conflict (persona_id, local_day, limit_kind) do update set used = ${personaDailyUsage.used} + 1
      ), runtime as (
        update ${personaRuntime} r set
          next_action_at = case when t.id is null then r.next_action_at else plan.next_action_at end,
          action_day = case when t.id is null then r.action_day else plan.action_day end,
          actions_in_day = case when t.id is null then r.actions_in_day else plan.actions_in_day end,
          next_check_at = case when plan.activity_id is not null and t.id is null then ${now}
                               else plan.next_check_at end
        from plan left join taken t on t.persona_id = plan.persona_id
        where r.persona_id = plan.persona_id and r.persona_id = any(${pgArray(personaIds)}::uuid[])
      )
      select id from taken`,
    ),
  );
  return rows.map((row) => row.id);
}

/** The claim items of claimed activities: target, rendered text, reaction, network ref. */
async function claimItems(tx: Executor, ids: readonly string[]): Promise<ClaimedActivity[]> {
  const rows = await tx
    .select({ activity: activities, steps: campaigns.steps, contact: contacts })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .innerJoin(executions, eq(executions.id, activities.executionId))
    .innerJoin(contacts, eq(contacts.id, executions.contactId))
    .where(inArray(activities.id, [...ids]))
    // Named per count of ids: the statement's text depends on it.
    .prepare(`claim_items_${ids.length}`)
    .execute();
  return rows.map(({ activity, contact, steps }) => {
    const step: StoredStep | undefined = steps[activity.stepNumber - 1];
    const linkedin = toLinkedinContact(contact);
    const sendsText = activity.operationType === 'Connect' || activity.operationType === 'Message';
    return {
      activity_id: activity.id,
      attempt: activity.attempt,
      lease_expires_at: (activity.leaseExpiresAt ?? new Date(0)).toISOString(),
      persona_id: activity.personaId,
      campaign_id: activity.campaignId,
      execution_id: activity.executionId,
      step_number: activity.stepNumber,
      operation_type: activity.operationType,
      target: {
        contact_id: contact.id,
        public_identifier: contact.linkedinPublicIdentifier ?? '',
        entity_id: contact.linkedinEntityId,
        profile_url: contactProfileUrl(contact),
        first_name: contact.firstName,
        last_name: contact.lastName,
      },
      message: sendsText ? renderStepMessage(step, linkedin) : null,
      reaction: step?.type === 'ReactOnPost' ? step.reaction : null,
      network_ref: activity.networkRef,
    };
  });
}
