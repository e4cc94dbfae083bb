import {
  type ClaimedActivity,
  type DailyLimits,
  defaultWorkingHours,
  type StoredStep,
} from '@outpilot/contracts';
import { canClaimNow, localDayIndex, nextWorkingInstant, type PersonaSchedule } from '@outpilot/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../campaigns/db-executor.ts';
import {
  type ActivityLimitKindValue,
  activities,
  activityClaims,
  campaigns,
  contacts,
  executions,
  personaDailyUsage,
  personas,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import {
  contactProfileUrl,
  renderStepMessage,
  toLinkedinContact,
} from '../executions/to-execution-documents.ts';

export type ClaimActivitiesInput = {
  /** The personas the runner acts for (the caller's persona; the cloud runner's cloud personas). */
  personaIds: readonly string[];
  runnerId: string;
  max: number;
  leaseSeconds: number;
};

type Candidate = {
  id: string;
  persona_id: string;
  operation_type: (typeof activities.$inferSelect)['operationType'];
  limit_kind: ActivityLimitKindValue | null;
  attempt: number;
  planned_at: string | Date;
};

type Counter = { personaId: string; day: number; kind: ActivityLimitKindValue; used: number; start: number };

const usageKey = (personaId: string, kind: string) => `${personaId}:${kind}`;

/** How many queued rows a claim looks at per wanted activity (some are deferred or left to others). */
const candidateFactor = 3;
/** Candidate rounds per claim at most (each round after the first skips the rows already seen). */
const maxRounds = 3;
/** Up to this many personas a claim looks at each persona's queue on its own (see lockCandidates). */
const perPersonaScanLimit = 50;

/**
 * The claim system. In ONE transaction, as of the injected clock's now:
 * 1. the oldest planned queued activities of the given personas whose planned_at and due_at have
 *    passed, of Running campaigns only, FOR UPDATE SKIP LOCKED: concurrent claimers (any runner,
 *    any server process) never see the same row;
 * 2. each candidate is judged by canClaimNow of @outpilot/domain (working hours in the persona's
 *    timezone, the weekly invitation block, the daily limit of its kind). One that cannot run now is
 *    deferred: its planned_at moves to the time the rule names (the next working instant, the end of
 *    the block, the next local day), so the head of the queue is always claimable and a claim never
 *    scans past rows it cannot take;
 * 3. the limit counters come from persona_daily_usage rows of the persona's local day, created if
 *    missing and locked FOR UPDATE SKIP LOCKED: a counter another claimer holds just leaves its
 *    candidates queued for the next claim (no waiting, no lock-order deadlock). A candidate is taken
 *    only while used < limit, and used grows with the claim;
 * 4. the taken rows become claimed: attempt + 1, lease_owner, lease_expires_at = now + lease
 *    (measured on the same injected clock the expiry system reads), with an activity_claims row
 *    recording the counter unit so a release gives it back to the right day.
 * Answers the contract's claim items with the contact and the rendered text.
 */
export async function claimActivities(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: ClaimActivitiesInput,
): Promise<ClaimedActivity[]> {
  if (input.personaIds.length === 0 || input.max <= 0) return [];
  const now = deps.clock.now();
  const leaseExpiresAt = new Date(now.getTime() + input.leaseSeconds * 1000);
  return deps.db.transaction(async (tx) => {
    const schedules = new Map<string, PersonaSchedule>();
    const counters = new Map<string, Counter>();
    const deferred: { id: string; plannedAt: Date | null }[] = [];
    const seen: string[] = [];
    const taken: Candidate[] = [];
    const defer = (candidate: Candidate, schedule: PersonaSchedule, retryAt: Date | null) => {
      // A day's limit frees at local midnight; the work itself waits for the next working instant.
      const at =
        retryAt && nextWorkingInstant(schedule.workingHours, schedule.timezoneOffsetMinutes, retryAt);
      deferred.push({ id: candidate.id, plannedAt: at });
    };

    // A round whose candidates were all deferred or held by others looks further, a few times, so
    // a claim answers work whenever some is claimable.
    for (let round = 0; round < maxRounds && taken.length < input.max; round += 1) {
      const want = (input.max - taken.length) * candidateFactor;
      const candidates = await lockCandidates(tx, input.personaIds, now, want, seen);
      if (candidates.length === 0) break;
      seen.push(...candidates.map((candidate) => candidate.id));
      const newPersonas = [...new Set(candidates.map((c) => c.persona_id))].filter(
        (id) => !schedules.has(id),
      );
      if (newPersonas.length > 0) {
        for (const [id, schedule] of await personaSchedules(tx, newPersonas)) schedules.set(id, schedule);
      }

      // Working hours and the weekly block first: they need no counter.
      const open: Candidate[] = [];
      for (const candidate of candidates) {
        const schedule = schedules.get(candidate.persona_id);
        if (!schedule) continue;
        const check = canClaimNow(claimCandidateOf(candidate), schedule, {}, now);
        if (check.ok) open.push(candidate);
        else defer(candidate, schedule, check.retryAt);
      }

      await lockCounters(tx, open, schedules, now, counters);
      for (const candidate of open) {
        if (taken.length >= input.max) break;
        const schedule = schedules.get(candidate.persona_id);
        if (!schedule) continue;
        const counter = candidate.limit_kind
          ? counters.get(usageKey(candidate.persona_id, candidate.limit_kind))
          : undefined;
        // Another claimer holds this counter: the candidate stays queued for the next claim.
        if (candidate.limit_kind && !counter) continue;
        const usedToday = counter ? { [counter.kind]: counter.used } : {};
        const check = canClaimNow(claimCandidateOf(candidate), schedule, usedToday, now);
        if (!check.ok) {
          defer(candidate, schedule, check.retryAt);
          continue;
        }
        if (counter) counter.used += 1;
        taken.push(candidate);
      }
    }

    await storeDeferrals(tx, deferred);
    await storeCounters(
      tx,
      [...counters.values()].filter((counter) => counter.used !== counter.start),
    );
    if (taken.length === 0) return [];
    const takenIds = taken.map((candidate) => candidate.id);
    await tx
      .update(activities)
      .set({
        state: 'claimed',
        attempt: sql`${activities.attempt} + 1`,
        leaseOwner: input.runnerId,
        leaseExpiresAt,
      })
      .where(inArray(activities.id, takenIds));
    await tx.insert(activityClaims).values(
      taken.map((candidate) => {
        const schedule = schedules.get(candidate.persona_id);
        return {
          activityId: candidate.id,
          attempt: candidate.attempt + 1,
          personaId: candidate.persona_id,
          runnerId: input.runnerId,
          limitKind: candidate.limit_kind,
          localDay: localDayIndex(now, schedule?.timezoneOffsetMinutes ?? 0),
          claimedAt: now,
        };
      }),
    );
    return claimItems(tx, takenIds);
  });
}

function claimCandidateOf(candidate: Candidate) {
  return { operation_type: candidate.operation_type, planned_at: new Date(candidate.planned_at) };
}

/** Step 1: the oldest planned claimable rows, locked; rows other claimers hold are skipped. */
async function lockCandidates(
  tx: Executor,
  personaIds: readonly string[],
  now: Date,
  limit: number,
  exclude: readonly string[],
): Promise<Candidate[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const personas = sql`${pgArray(personaIds)}::uuid[]`;
  const skip = sql`${pgArray(exclude)}::uuid[]`;
  // A few personas (a local runner's one, a small cloud): each persona's own oldest rows through
  // its (persona_id, state, planned_at) index, so due rows of other personas nobody claims cost
  // nothing. Many personas (the cloud runner): one walk of the queue's planned_at index.
  const scope =
    personaIds.length <= perPersonaScanLimit
      ? sql`a.id in (
          select q.id from unnest(${personas}) p(id)
          cross join lateral (
            select w.id, w.planned_at from ${activities} w
            where w.persona_id = p.id and w.state = 'queued' and w.planned_at <= ${at} and w.id <> all(${skip})
            order by w.planned_at limit ${limit}) q
          order by q.planned_at limit ${limit})`
      : sql`a.persona_id = any(${personas}) and a.id <> all(${skip})`;
  // Ties of planned_at are taken in any order: ordering by id too would sort every tie group.
  return rowsOf<Candidate>(
    await tx.execute(sql`
      select a.id, a.persona_id, a.operation_type, a.limit_kind, a.attempt, a.planned_at
      from ${activities} a
      join ${campaigns} c on c.id = a.campaign_id and c.state = 'Running'
      where a.state = 'queued' and a.planned_at <= ${at} and a.due_at <= ${at} and ${scope}
      order by a.planned_at
      limit ${limit}
      for update of a skip locked`),
  );
}

/** The rules of the candidates' personas: working hours (defaults until set), timezone, limits, block. */
async function personaSchedules(tx: Executor, personaIds: readonly string[]) {
  const rows = await tx
    .select({
      id: personas.id,
      workingHours: personas.workingHours,
      offset: personas.timezoneOffset,
      follow: personas.dailyFollowLimit,
      invitations: personas.dailyInvitationsLimit,
      messages: personas.dailyMessagesLimit,
      reactOnPost: personas.dailyReactOnPostLimit,
      blockedUntil: personas.invitationsBlockedUntil,
    })
    .from(personas)
    .where(inArray(personas.id, [...personaIds]));
  const schedules = new Map<string, PersonaSchedule>();
  for (const row of rows) {
    const limits: DailyLimits = {
      daily_linkedin_follow_limit: row.follow,
      daily_linkedin_invitations_limit: row.invitations,
      daily_linkedin_messages_limit: row.messages,
      daily_linkedin_react_on_post_limit: row.reactOnPost,
    };
    schedules.set(row.id, {
      workingHours: row.workingHours ?? defaultWorkingHours,
      timezoneOffsetMinutes: row.offset ?? 0,
      limits,
      invitationsBlockedUntil: row.blockedUntil,
    });
  }
  return schedules;
}

/**
 * Step 3: the counters of the candidates' (persona, local day, kind), locked FOR UPDATE SKIP
 * LOCKED. Missing rows (the first claim of a kind on a local day) are created first; a row another
 * transaction is creating or holds is left out, and so are its candidates.
 */
async function lockCounters(
  tx: Executor,
  candidates: readonly Candidate[],
  schedules: ReadonlyMap<string, PersonaSchedule>,
  now: Date,
  counters: Map<string, Counter>,
): Promise<void> {
  const keys = new Map<string, { personaId: string; day: number; kind: ActivityLimitKindValue }>();
  for (const candidate of candidates) {
    const schedule = schedules.get(candidate.persona_id);
    if (!schedule || !candidate.limit_kind) continue;
    if (counters.has(usageKey(candidate.persona_id, candidate.limit_kind))) continue;
    keys.set(usageKey(candidate.persona_id, candidate.limit_kind), {
      personaId: candidate.persona_id,
      day: localDayIndex(now, schedule.timezoneOffsetMinutes),
      kind: candidate.limit_kind,
    });
  }
  if (keys.size === 0) return;
  const lock = async (
    wanted: readonly { personaId: string; day: number; kind: ActivityLimitKindValue }[],
  ) => {
    const rows = rowsOf<{ persona_id: string; limit_kind: ActivityLimitKindValue; used: number }>(
      await tx.execute(sql`
        select u.persona_id, u.limit_kind, u.used
        from ${personaDailyUsage} u
        join unnest(${pgArray(wanted.map((k) => k.personaId))}::uuid[],
                    ${pgArray(wanted.map((k) => String(k.day)))}::int[],
                    ${pgArray(wanted.map((k) => k.kind))}::text[]) as k(persona_id, local_day, limit_kind)
          on u.persona_id = k.persona_id and u.local_day = k.local_day and u.limit_kind = k.limit_kind
        for update of u skip locked`),
    );
    for (const row of rows) {
      const key = keys.get(usageKey(row.persona_id, row.limit_kind));
      if (!key) continue;
      counters.set(usageKey(row.persona_id, row.limit_kind), { ...key, used: row.used, start: row.used });
    }
    return rows.length;
  };
  const found = await lock([...keys.values()]);
  if (found < keys.size) {
    // In one fixed order: two claimers creating overlapping rows wait in line, never in a circle.
    const missing = [...keys.entries()]
      .filter(([key]) => !counters.has(key))
      .map(([, value]) => value)
      .sort((a, b) => a.personaId.localeCompare(b.personaId) || a.kind.localeCompare(b.kind));
    const created = rowsOf<{ persona_id: string; limit_kind: ActivityLimitKindValue }>(
      await tx.execute(sql`
        insert into ${personaDailyUsage} (persona_id, local_day, limit_kind)
        select * from unnest(${pgArray(missing.map((k) => k.personaId))}::uuid[],
                             ${pgArray(missing.map((k) => String(k.day)))}::int[],
                             ${pgArray(missing.map((k) => k.kind))}::text[])
        on conflict do nothing
        returning persona_id, limit_kind`),
    );
    // Rows we created are ours already; rows another claimer created concurrently are skipped.
    for (const row of created) {
      const key = keys.get(usageKey(row.persona_id, row.limit_kind));
      if (key) counters.set(usageKey(row.persona_id, row.limit_kind), { ...key, used: 0, start: 0 });
    }
  }
}

/** A PostgreSQL array literal of simple values (uuids, integers, kind names: no quoting needed). */
function pgArray(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}

/** Step 2's deferrals: new planned times in one statement (null: no working hours at all). */
async function storeDeferrals(tx: Executor, deferred: readonly { id: string; plannedAt: Date | null }[]) {
  if (deferred.length === 0) return;
  await tx.execute(sql`
    update ${activities} set planned_at = d.planned_at
    from unnest(${pgArray(deferred.map((d) => d.id))}::uuid[],
                ${pgArray(deferred.map((d) => d.plannedAt?.toISOString() ?? 'NULL'))}::timestamptz[])
      as d(id, planned_at)
    where ${activities.id} = d.id`);
}

async function storeCounters(tx: Executor, changed: readonly Counter[]) {
  if (changed.length === 0) return;
  await tx.execute(sql`
    update ${personaDailyUsage} u set used = c.used
    from unnest(${pgArray(changed.map((c) => c.personaId))}::uuid[],
                ${pgArray(changed.map((c) => String(c.day)))}::int[],
                ${pgArray(changed.map((c) => c.kind))}::text[],
                ${pgArray(changed.map((c) => String(c.used)))}::int[]) as c(persona_id, local_day, limit_kind, used)
    where u.persona_id = c.persona_id and u.local_day = c.local_day and u.limit_kind = c.limit_kind`);
}

/** The claim items of claimed activities, in claim order: target, rendered text, reaction, network ref. */
async function claimItems(tx: Executor, ids: readonly string[]): Promise<ClaimedActivity[]> {
  const rows = await tx
    .select({ activity: activities, steps: campaigns.steps, contact: contacts })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .innerJoin(executions, eq(executions.id, activities.executionId))
    .innerJoin(contacts, eq(contacts.id, executions.contactId))
    .where(inArray(activities.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.activity.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { activity, contact } = row;
    const step: StoredStep | undefined = row.steps[activity.stepNumber - 1];
    const linkedin = toLinkedinContact(contact);
    const sendsText = activity.operationType === 'Connect' || activity.operationType === 'Message';
    return [
      {
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
      },
    ];
  });
}
