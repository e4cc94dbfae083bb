import type { CampaignStep } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, campaigns, contacts, personaDailyUsage } from '../db/schema.ts';
import {
  activityOf,
  alwaysWorking,
  automation,
  claim,
  claimUntil,
  dayMs,
  dueAllAt,
  type EngineUser,
  engineUser,
  executionOf,
  hourMs,
  logCount,
  monday8am,
  report,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { retryPolicy } from './engine-helpers.ts';

const connectThenFollow = [
  { type: 'Connect' as const, message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 },
  { type: 'Follow' as const, timeout: 1440 },
];
const followThenVisit = [
  { type: 'Follow' as const, timeout: 1440 },
  { type: 'VisitProfile' as const, timeout: 1440 },
];

describe.each(testBackends())('report activity on $name', ({ databaseUrl }) => {
  const logLines: string[] = [];
  const server = testServerForSuite(databaseUrl, {
    clockStart: monday8am,
    logStream: { write: (line) => logLines.push(line) },
  });

  async function claimedOne(user: EngineUser, steps: CampaignStep[] = connectThenFollow) {
    const { campaign } = await runningCampaign(server, user, { steps, contacts: 1 });
    await dueAllAt(server, user.personaId, server.clock.now());
    const [item] = await claim(server, user);
    if (!item) throw new Error('nothing claimed');
    return { campaign, item };
  }

  const usedOf = async (personaId: string, kind: string) => {
    const rows = await server.db
      .select()
      .from(personaDailyUsage)
      .where(eq(personaDailyUsage.personaId, personaId));
    return rows.filter((row) => row.limitKind === kind).reduce((sum, row) => sum + row.used, 0);
  };

  it('is idempotent by key: a resent report answers duplicate and changes nothing', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item } = await claimedOne(user);
    const body = { idempotency_key: `report-key-1-${item.activity_id}`, network_ref: 'inv-1' };
    const first = await report(server, user, item, 'executed', body);
    expect(first.body).toEqual({ accepted: true, duplicate: false });
    const again = await report(server, user, item, 'executed', body);
    expect(again.body).toEqual({ accepted: true, duplicate: true });
    expect(await logCount(server, user.personaId, 'invitation_sent')).toBe(1);
    const execution = await executionOf(server, item.execution_id);
    expect(execution.state).toBe('InProgress');
    expect((await activityOf(server, item.activity_id)).networkRef).toBe('inv-1');
    // The same key for another outcome is refused.
    const reused = await report(server, user, item, 'skipped', body);
    expect(reused.status).toBe(422);
    expect(await usedOf(user.personaId, 'invitations')).toBe(1);
  });

  it("applies a batch of reports in one request: per report accepted, duplicate or not found (another persona's)", async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const other = await engineUser(server, { workingHours: alwaysWorking });
    const { item: mine } = await claimedOne(user);
    const { item: theirs } = await claimedOne(other);
    // Quotes, backslashes, commas and braces: the keys travel as one array parameter.
    const mineKey = `batch "mine", \\ {${mine.activity_id}}`;
    const reportOf = (item: typeof mine, key: string) => ({
      activity_id: item.activity_id,
      attempt: item.attempt,
      idempotency_key: key,
      outcome: 'executed',
    });
    const body = {
      reports: [reportOf(mine, mineKey), reportOf(theirs, `batch-theirs-${theirs.activity_id}`)],
    };
    const first = await automation(server, user, '/activities/reports', body);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { activity_id: mine.activity_id, accepted: true, duplicate: false, found: true },
      { activity_id: theirs.activity_id, accepted: false, duplicate: false, found: false },
    ]);
    expect((await activityOf(server, theirs.activity_id)).state).toBe('claimed');
    const again = await automation(server, user, '/activities/reports', body);
    expect(again.body.results[0]).toEqual({
      activity_id: mine.activity_id,
      accepted: true,
      duplicate: true,
      found: true,
    });
    expect(await logCount(server, user.personaId, 'invitation_sent')).toBe(1);

    // Refused whole, nothing written: the same activity twice, or a key already used for another report.
    const twice = await automation(server, other, '/activities/reports', {
      reports: [
        reportOf(theirs, `twice-1-${theirs.activity_id}`),
        reportOf(theirs, `twice-2-${theirs.activity_id}`),
      ],
    });
    expect(twice.status).toBe(422);
    const reused = await automation(server, other, '/activities/reports', {
      reports: [reportOf(theirs, mineKey)],
    });
    expect(reused.status).toBe(422);
    expect((await activityOf(server, theirs.activity_id)).state).toBe('claimed');
    expect(await logCount(server, other.personaId)).toBe(0);
    const empty = await automation(server, other, '/activities/reports', { reports: [] });
    expect(empty.status).toBe(422);
  });

  it('updates the contact with what an executed ScrapeProfile read, keeping stored values for blank fields', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item } = await claimedOne(user, [{ type: 'ScrapeProfile', timeout: 1440 }]);
    const scraped_profile = {
      entity_id: 'ACoAAScraped1',
      public_identifier: 'scraped-one',
      first_name: 'Renée',
      last_name: 'Okafor',
      headline: 'VP Sales at Northwind',
      location: 'Lagos, Nigeria',
      company_name: 'Northwind',
      position_title: 'VP Sales',
      industry: null,
      summary: null,
      email: null,
      websites: [],
      skills: ['Negotiation'],
      degree: 'SECOND' as const,
      is_premium: true,
    };
    const answer = await report(server, user, item, 'executed', { scraped_profile });
    expect(answer.body).toEqual({ accepted: true, duplicate: false });
    const contactOf = async (id: string) =>
      (await server.db.select().from(contacts).where(eq(contacts.id, id)))[0];
    expect(await contactOf(item.target.contact_id)).toMatchObject({
      firstName: 'Renée',
      lastName: 'Okafor',
      fullName: 'Renée Okafor',
      occupation: 'VP Sales at Northwind',
      location: 'Lagos, Nigeria',
      lastJob: 'Northwind',
      distance: 2,
      isPremium: true,
      contactedAt: server.clock.now(),
    });
    expect(await logCount(server, user.personaId, 'profile_scraped')).toBe(1);
    expect((await executionOf(server, item.execution_id)).state).toBe('Succeed');

    // Another scrape that read blanks keeps what the contact had (another persona: this one waits its pace).
    const other = await engineUser(server, { workingHours: alwaysWorking });
    const second = await claimedOne(other, [{ type: 'ScrapeProfile', timeout: 1440 }]);
    const before = await contactOf(second.item.target.contact_id);
    await report(server, other, second.item, 'executed', {
      scraped_profile: {
        ...scraped_profile,
        first_name: ' ',
        headline: '',
        company_name: null,
        degree: 'SELF',
      },
    });
    expect(await contactOf(second.item.target.contact_id)).toMatchObject({
      firstName: before?.firstName,
      lastName: 'Okafor',
      occupation: before?.occupation ?? null,
      lastJob: before?.lastJob ?? null,
      distance: before?.distance ?? null,
      location: 'Lagos, Nigeria',
    });
  });

  it('fences a report of an attempt that does not hold the claim', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item } = await claimedOne(user);
    const stale = await report(server, user, { ...item, attempt: item.attempt + 1 }, 'executed');
    expect(stale.body).toEqual({ accepted: false, duplicate: false });
    expect((await activityOf(server, item.activity_id)).state).toBe('claimed');
    expect(await logCount(server, user.personaId)).toBe(0);
    const other = await engineUser(server);
    expect((await report(server, other, item, 'executed')).status).toBe(404);
  });

  it('skipped Connect (already connected) moves to the next step and gives the unit back', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item } = await claimedOne(user);
    expect(await usedOf(user.personaId, 'invitations')).toBe(1);
    expect((await report(server, user, item, 'skipped')).body.accepted).toBe(true);
    expect(await usedOf(user.personaId, 'invitations')).toBe(0);
    const execution = await executionOf(server, item.execution_id);
    expect(execution).toMatchObject({ state: 'InQueue', stepIndex: 2 });
    const next = await server.db
      .select()
      .from(activities)
      .where(eq(activities.executionId, item.execution_id));
    expect(next.map((row) => `${row.operationType}:${row.state}`).sort()).toEqual([
      'Connect:done',
      'Follow:queued',
    ]);
  });

  it('a performed Follow goes on to the next step; the last one ends Succeed and completes the campaign', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item, campaign } = await claimedOne(user, followThenVisit);
    await report(server, user, item, 'executed');
    expect(await logCount(server, user.personaId, 'profile_followed')).toBe(1);
    server.clock.advance(dayMs + hourMs);
    await dueAllAt(server, user.personaId, server.clock.now());
    const [visit] = await claim(server, user);
    expect(visit?.operation_type).toBe('VisitProfile');
    if (!visit) return;
    await report(server, user, visit, 'executed');
    expect((await executionOf(server, item.execution_id)).state).toBe('Succeed');
    const [row] = await server.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ state: 'Completed', completeReason: 'System' });
  });

  it.each([
    ['EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS', 'ExceedFreeMonthlyPersonalizedInvitations'],
    ['TOO_LONG_INVITATION_MESSAGE', 'TooLongInvitationMessage'],
  ])('limit_exceeded %s pauses the campaign with reason %s', async (code, reason) => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item, campaign } = await claimedOne(user);
    const answer = await report(server, user, item, 'limit_exceeded', {
      error: { name: 'ExceedsLimit', code, message: 'refused', transient: false },
    });
    expect(answer.body.accepted).toBe(true);
    const [row] = await server.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ state: 'Stopped', pauseReason: reason });
    expect((await activityOf(server, item.activity_id)).state).toBe('cancelled');
    expect((await executionOf(server, item.execution_id)).state).toBe('InQueue');
    expect(await usedOf(user.personaId, 'invitations')).toBe(0);
    expect(await logCount(server, user.personaId)).toBe(0);
  });

  it('a paused campaign keeps nothing in the queue: later reports of the same batch cancel, and nothing is claimed', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { campaign } = await runningCampaign(server, user, { steps: connectThenFollow, contacts: 2 });
    await dueAllAt(server, user.personaId, server.clock.now());
    // The runner holds both claims (the second taken after the persona's pace) when it reports.
    const batch = await claimUntil(server, user, new Date(server.clock.now().getTime() + hourMs));
    expect(batch).toHaveLength(2);
    for (const item of batch) {
      const answer = await report(server, user, item, 'limit_exceeded', {
        error: {
          name: 'ExceedsLimit',
          code: 'EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS',
          message: 'refused',
          transient: false,
        },
      });
      expect(answer.body.accepted).toBe(true);
    }
    const rows = await server.db.select().from(activities).where(eq(activities.campaignId, campaign.id));
    expect(rows.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
    await dueAllAt(server, user.personaId, server.clock.now());
    expect(await claimUntil(server, user, new Date(server.clock.now().getTime() + dayMs))).toEqual([]);
  });

  it('the weekly invitation limit flags the profile and blocks invitation claims until the window passes', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item } = await claimedOne(user);
    await report(server, user, item, 'limit_exceeded', {
      error: {
        name: 'ExceedsLimit',
        code: 'WEEKLY_INVITATION_LIMIT',
        message: 'weekly',
        transient: false,
        retry_after_ms: 2 * dayMs,
      },
    });
    const profile = await fetch(`${server.url}/api/v1/profile`, {
      headers: { authorization: `Bearer ${await user.tokenNow()}` },
    }).then((response) => response.json() as Promise<{ exceedLinkedInInvitationsLimit: boolean }>);
    expect(profile.exceedLinkedInInvitationsLimit).toBe(true);
    const queueBanner = async () =>
      (
        (await fetch(`${server.url}/api/v1/workspace/activities-queue`, {
          headers: { authorization: `Bearer ${await user.tokenNow()}` },
        }).then((response) => response.json())) as { weekly_invitation_limit_exceeded: boolean }
      ).weekly_invitation_limit_exceeded;
    expect(await queueBanner()).toBe(true);
    const blockEnds = server.clock.now().getTime() + 2 * dayMs;
    expect(await claimUntil(server, user, new Date(blockEnds - 1))).toEqual([]);
    let claimedAt = 0;
    const [again] = await claimUntil(server, user, new Date(blockEnds + hourMs), {
      onClaimed: async () => {
        claimedAt = server.clock.now().getTime();
      },
    });
    expect(again).toMatchObject({ activity_id: item.activity_id, attempt: 2 });
    expect(claimedAt).toBe(blockEnds);
    const later = await fetch(`${server.url}/api/v1/profile`, {
      headers: { authorization: `Bearer ${await user.tokenNow()}` },
    }).then((response) => response.json() as Promise<{ exceedLinkedInInvitationsLimit: boolean }>);
    expect(later.exceedLinkedInInvitationsLimit).toBe(false);
    expect(await queueBanner()).toBe(false);
  });

  it('retries a transient error with backoff, then fails the execution after the last attempt', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    let { item } = await claimedOne(user);
    const transient = { name: 'BadGateway', message: 'bad gateway', transient: true };
    for (let attempt = 1; attempt < retryPolicy.maxAttempts; attempt += 1) {
      const before = server.clock.now().getTime();
      await report(server, user, item, 'error', { error: transient });
      const row = await activityOf(server, item.activity_id);
      expect(row.state).toBe('queued');
      const delay = row.dueAt.getTime() - before;
      const base = retryPolicy.baseDelayMs * 2 ** (attempt - 1);
      expect(delay).toBeGreaterThanOrEqual(base / 2);
      expect(delay).toBeLessThan(base);
      expect(await usedOf(user.personaId, 'invitations')).toBe(0);
      // Claimed again once the backoff (and the persona's pace) allow, not before.
      const [next] = await claimUntil(server, user, new Date(before + 2 * hourMs));
      if (!next) throw new Error('not claimed again');
      expect(server.clock.now().getTime()).toBeGreaterThanOrEqual(row.dueAt.getTime());
      expect(next.attempt).toBe(attempt + 1);
      item = next;
    }
    await report(server, user, item, 'error', { error: transient });
    expect((await activityOf(server, item.activity_id)).state).toBe('failed');
    expect((await executionOf(server, item.execution_id)).state).toBe('Failed');
  });

  it('a permanent error fails at once, and the server log keeps what the runner said', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { item } = await claimedOne(user);
    const error = { name: 'BadRequest', message: 'LinkedIn refused the request (415)', transient: false };
    await report(server, user, item, 'error', { error });
    expect((await activityOf(server, item.activity_id)).state).toBe('failed');
    expect((await executionOf(server, item.execution_id)).state).toBe('Failed');
    // The product says only 'System error'; the log says why.
    const logged = logLines
      .map((line) => JSON.parse(line) as { msg?: string; activityId?: string; error?: unknown })
      .find(
        (line) => line.msg === 'A runner reported an activity error' && line.activityId === item.activity_id,
      );
    expect(logged?.error).toEqual(error);
  });
});
