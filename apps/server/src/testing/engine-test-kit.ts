import { randomUUID } from 'node:crypto';
import {
  automationBasePath,
  type CampaignStep,
  type ClaimedActivity,
  type ReportActivityRequest,
} from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { runCampaign } from '../campaigns/run-campaign.ts';
import {
  activities,
  activityLog,
  executions,
  personaRuntime,
  personas,
  type WorkingHours,
} from '../db/schema.ts';
import {
  addAudience,
  type ContactSeed,
  createAccount,
  createCampaignRow,
  createContacts,
  issueTestSession,
  subscribeToPlan,
  type TestServer,
} from './index.ts';

/** Test helpers of the engine's systems (not a test file: imported by them). */

/** Monday 2 March 2026, 08:00 UTC: an hour before the default test working hours (09:00-19:00). */
export const monday8am = new Date('2026-03-02T08:00:00Z');
export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

const allDay = [{ start: 0, duration: 1440 }];
export const alwaysWorking: WorkingHours = {
  monday: allDay,
  tuesday: allDay,
  wednesday: allDay,
  thursday: allDay,
  friday: allDay,
  saturday: allDay,
  sunday: allDay,
};

export type EngineUser = Awaited<ReturnType<typeof engineUser>>;

/**
 * A signed-in, onboarded workspace (offset 0, Mon-Fri 09:00-19:00) with optional settings, on a
 * paid Pro plan so campaigns longer than the trial keep running (a lapsed workspace runs nothing).
 */
export async function engineUser(server: TestServer, settings: Partial<typeof personas.$inferInsert> = {}) {
  const account = await createAccount(server.db, { onboarded: true, clock: server.clock });
  await subscribeToPlan(server.db, account.personaId, 'pro', server.clock);
  if (Object.keys(settings).length > 0) {
    await server.db.update(personas).set(settings).where(eq(personas.id, account.personaId));
  }
  let token = '';
  let issuedAt = Number.NEGATIVE_INFINITY;
  /** A bearer token valid at the virtual clock's now (tokens expire on that clock). */
  const tokenNow = async () => {
    const now = server.clock.now().getTime();
    if (now - issuedAt > 5 * minuteMs || now < issuedAt) {
      token = (await issueTestSession(server.app, account)).accessToken;
      issuedAt = now;
    }
    return token;
  };
  return { account, personaId: account.personaId, tokenNow };
}

/** A Running campaign of the user over new contacts (or the given ones), launched now. */
export async function runningCampaign(
  server: TestServer,
  user: { personaId: string },
  options: {
    steps?: CampaignStep[];
    contacts?: number | readonly ContactSeed[];
    name?: string;
    /** A smaller campaignQueueWindow, to see the top-up at work. */
    queueWindow?: number;
  } = {},
) {
  const contacts = await createContacts(server.db, user.personaId, options.contacts ?? 3);
  const campaign = await createCampaignRow(server.db, user.personaId, {
    ...(options.steps ? { steps: options.steps } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  await addAudience(
    server.db,
    campaign,
    contacts.map((contact) => contact.id),
  );
  await runCampaign(
    { db: server.db, clock: server.clock },
    { personaId: user.personaId, campaignId: campaign.id },
    { queueWindow: options.queueWindow },
  );
  return { campaign, contacts };
}

/** Makes every queued activity of a persona due at `at` (its step delays passed); wakes the persona. */
export async function dueAllAt(server: TestServer, personaId: string, at: Date) {
  await server.db
    .update(activities)
    .set({ dueAt: at })
    .where(and(eq(activities.personaId, personaId), eq(activities.state, 'queued')));
}

/** When the claim will next look at the persona (null: nothing queued). */
export async function nextCheckOf(server: TestServer, personaId: string): Promise<Date | null> {
  const [row] = await server.db
    .select({ at: personaRuntime.nextCheckAt })
    .from(personaRuntime)
    .where(eq(personaRuntime.personaId, personaId));
  return row?.at ?? null;
}

/**
 * Claims as a runner that never misses its turn would, on the virtual clock: claims now, and
 * whenever nothing is claimable moves the clock to the persona's next check, until `until`.
 * Answers every activity claimed (the clock ends at the last claim, or `until`).
 */
export async function claimUntil(
  server: TestServer,
  user: Pick<EngineUser, 'tokenNow' | 'personaId'>,
  until: Date,
  options: { onClaimed?: (activity: ClaimedActivity) => Promise<void> } = {},
): Promise<ClaimedActivity[]> {
  const claimed: ClaimedActivity[] = [];
  for (;;) {
    const batch = await claim(server, user);
    for (const activity of batch) {
      claimed.push(activity);
      await options.onClaimed?.(activity);
    }
    if (batch.length > 0) continue;
    const next = await nextCheckOf(server, user.personaId);
    if (!next || next > until || next <= server.clock.now()) return claimed;
    server.clock.set(next);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
export type Answer = { status: number; body: any };

/** Any call of the automation service as the user; the answer's status and parsed body. */
export async function automationCall(
  server: TestServer,
  user: Pick<EngineUser, 'tokenNow'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const token = await user.tokenNow();
  const response = await fetch(`${server.url}${automationBasePath}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export function automation(
  server: TestServer,
  user: Pick<EngineUser, 'tokenNow'>,
  path: string,
  body: unknown,
): Promise<Answer> {
  return automationCall(server, user, 'POST', path, body);
}

export async function claim(
  server: TestServer,
  user: Pick<EngineUser, 'tokenNow'>,
  options: { max?: number; leaseSeconds?: number; runnerId?: string } = {},
): Promise<ClaimedActivity[]> {
  const answer = await automation(server, user, '/activities/claim', {
    runner_id: options.runnerId ?? 'test-runner',
    max: options.max ?? 50,
    lease_seconds: options.leaseSeconds ?? 300,
  });
  if (answer.status !== 200)
    throw new Error(`claim answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.activities;
}

export async function report(
  server: TestServer,
  user: Pick<EngineUser, 'tokenNow'>,
  activity: Pick<ClaimedActivity, 'activity_id' | 'attempt'>,
  outcome: ReportActivityRequest['outcome'],
  extra: Partial<ReportActivityRequest> = {},
): Promise<Answer> {
  return automation(server, user, `/activities/${activity.activity_id}/report`, {
    attempt: activity.attempt,
    idempotency_key: `key-${randomUUID()}`,
    outcome,
    ...extra,
  });
}

export async function executionOf(server: TestServer, executionId: string) {
  const [row] = await server.db.select().from(executions).where(eq(executions.id, executionId));
  if (!row) throw new Error('no execution');
  return row;
}

export async function activityOf(server: TestServer, activityId: string) {
  const [row] = await server.db.select().from(activities).where(eq(activities.id, activityId));
  if (!row) throw new Error('no activity');
  return row;
}

export async function logCount(server: TestServer, personaId: string, action?: string): Promise<number> {
  const [row] = await server.db
    .select({ total: sql<number>`count(*)::int` })
    .from(activityLog)
    .where(
      and(eq(activityLog.personaId, personaId), action ? sql`${activityLog.action} = ${action}` : undefined),
    );
  return row?.total ?? 0;
}
