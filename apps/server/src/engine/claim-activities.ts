import {
  type ClaimedActivity,
  type DailyLimits,
  defaultWorkingHours,
  type StoredStep,
} from '@outpilot/contracts';
import { dailyLimitOf, isWithinWorkingHours, localDayIndex } from '@outpilot/domain';
import { and, asc, eq, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
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

type PersonaRules = {
  offset: number;
  limits: DailyLimits;
  day: number;
  invitationsBlocked: boolean;
};

const usageKey = (personaId: string, kind: string) => `${personaId}:${kind}`;

/** How many queued rows a claim looks at per wanted activity (some are skipped for their limit). */
const candidateFactor = 4;

/**
 * The claim system. In ONE transaction, as of the injected clock's now:
 * 1. the personas' rules: only those inside their working hours now; a kind whose counter for
 *    the persona's local day is full (or invitations while the weekly block lasts) is left out;
 * 2. queued activities of those personas with planned_at and due_at passed, oldest plan first,
 *    FOR UPDATE SKIP LOCKED, so concurrent claimers (any runner, any server process) never see
 *    the same row;
 * 3. the persona_daily_usage rows of the kinds involved, created if missing and locked FOR UPDATE
 *    in a fixed order; each candidate is taken only while used < limit, and used is incremented
 *    with the claim. What does not fit stays queued for a later claim (and the next re-plan);
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
    const rules = await personaRules(tx, input.personaIds, now);
    if (rules.size === 0) return [];

    // Kinds already full today (read without locks: only narrows the scan; the locked counter decides).
    const usage = await tx
      .select({
        personaId: personaDailyUsage.personaId,
        localDay: personaDailyUsage.localDay,
        kind: personaDailyUsage.limitKind,
        used: personaDailyUsage.used,
      })
      .from(personaDailyUsage)
      .where(inArray(personaDailyUsage.personaId, [...rules.keys()]));
    const fullKinds = new Map<string, ActivityLimitKindValue[]>();
    for (const [personaId, rule] of rules) {
      const full: ActivityLimitKindValue[] = rule.invitationsBlocked ? ['invitations'] : [];
      for (const row of usage) {
        if (row.personaId !== personaId || row.localDay !== rule.day) continue;
        if (row.used >= dailyLimitOf(row.kind, rule.limits) && !full.includes(row.kind)) full.push(row.kind);
      }
      fullKinds.set(personaId, full);
    }
    const personaConditions: SQL[] = [];
    for (const personaId of rules.keys()) {
      const full = fullKinds.get(personaId) ?? [];
      const condition = and(
        eq(activities.personaId, personaId),
        full.length === 0
          ? undefined
          : or(isNull(activities.limitKind), notInArray(activities.limitKind, full)),
      );
      if (condition) personaConditions.push(condition);
    }

    const candidates = await tx
      .select({
        id: activities.id,
        personaId: activities.personaId,
        limitKind: activities.limitKind,
        attempt: activities.attempt,
      })
      .from(activities)
      .where(
        and(
          eq(activities.state, 'queued'),
          lte(activities.plannedAt, now),
          lte(activities.dueAt, now),
          or(...personaConditions),
          // Only a running campaign acts: a stopped or completed one never reaches the network.
          inArray(
            activities.campaignId,
            tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.state, 'Running')),
          ),
        ),
      )
      .orderBy(asc(activities.plannedAt), asc(activities.id))
      .limit(input.max * candidateFactor)
      .for('update', { of: activities, skipLocked: true });
    if (candidates.length === 0) return [];

    // Lock the counters the candidates need, in a fixed order (no deadlock between claimers).
    const needed = new Map<string, { personaId: string; day: number; kind: ActivityLimitKindValue }>();
    for (const candidate of candidates) {
      const rule = rules.get(candidate.personaId);
      if (!rule || !candidate.limitKind) continue;
      needed.set(usageKey(candidate.personaId, candidate.limitKind), {
        personaId: candidate.personaId,
        day: rule.day,
        kind: candidate.limitKind,
      });
    }
    const counters = new Map<string, { used: number; limit: number; start: number }>();
    if (needed.size > 0) {
      const keys = [...needed.values()].sort(
        (a, b) => a.personaId.localeCompare(b.personaId) || a.kind.localeCompare(b.kind),
      );
      await tx
        .insert(personaDailyUsage)
        .values(keys.map((key) => ({ personaId: key.personaId, localDay: key.day, limitKind: key.kind })))
        .onConflictDoNothing();
      for (const key of keys) {
        const [row] = await tx
          .select({ used: personaDailyUsage.used })
          .from(personaDailyUsage)
          .where(
            and(
              eq(personaDailyUsage.personaId, key.personaId),
              eq(personaDailyUsage.localDay, key.day),
              eq(personaDailyUsage.limitKind, key.kind),
            ),
          )
          .for('update');
        const rule = rules.get(key.personaId);
        if (!row || !rule) continue;
        counters.set(usageKey(key.personaId, key.kind), {
          used: row.used,
          start: row.used,
          limit: dailyLimitOf(key.kind, rule.limits),
        });
      }
    }

    const taken: typeof candidates = [];
    for (const candidate of candidates) {
      if (taken.length >= input.max) break;
      if (candidate.limitKind) {
        const counter = counters.get(usageKey(candidate.personaId, candidate.limitKind));
        if (!counter || counter.used >= counter.limit) continue;
        counter.used += 1;
      }
      taken.push(candidate);
    }
    if (taken.length === 0) return [];

    for (const [key, counter] of counters) {
      if (counter.used === counter.start) continue;
      const entry = needed.get(key);
      if (!entry) continue;
      await tx
        .update(personaDailyUsage)
        .set({ used: counter.used })
        .where(
          and(
            eq(personaDailyUsage.personaId, entry.personaId),
            eq(personaDailyUsage.localDay, entry.day),
            eq(personaDailyUsage.limitKind, entry.kind),
          ),
        );
    }
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
      taken.map((candidate) => ({
        activityId: candidate.id,
        attempt: candidate.attempt + 1,
        personaId: candidate.personaId,
        runnerId: input.runnerId,
        limitKind: candidate.limitKind,
        localDay: rules.get(candidate.personaId)?.day ?? 0,
        claimedAt: now,
      })),
    );
    return claimItems(tx, takenIds);
  });
}

/** The personas among the given ones that are inside their working hours now, with their limits. */
async function personaRules(tx: Executor, personaIds: readonly string[], now: Date) {
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
  const rules = new Map<string, PersonaRules>();
  for (const row of rows) {
    const offset = row.offset ?? 0;
    if (!isWithinWorkingHours(row.workingHours ?? defaultWorkingHours, offset, now)) continue;
    rules.set(row.id, {
      offset,
      day: localDayIndex(now, offset),
      invitationsBlocked: row.blockedUntil !== null && row.blockedUntil > now,
      limits: {
        daily_linkedin_follow_limit: row.follow,
        daily_linkedin_invitations_limit: row.invitations,
        daily_linkedin_messages_limit: row.messages,
        daily_linkedin_react_on_post_limit: row.reactOnPost,
      },
    });
  }
  return rules;
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
