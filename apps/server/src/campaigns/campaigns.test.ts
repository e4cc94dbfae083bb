import {
  type ActivitiesQueueResponse,
  type Campaign,
  campaignNameTexts,
  campaignSchema,
  type ExecutionsPageResponse,
  errorBodySchema,
  timerMaxMinutes,
} from '@outpilot/contracts';
import { lifecycleHints, stepMessages } from '@outpilot/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activities,
  campaignAudience,
  campaigns,
  executions,
  personaRuntime,
  personas,
} from '../db/schema.ts';
import {
  addAudience,
  connectThenMessage,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  logActivities,
  signInNewAccount,
  subscribeToPlan,
  testBackends,
  weekdaysNineToSeven,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { audienceRules } from './check-audience.ts';
import { pauseCampaign } from './stop-campaign.ts';

/** Monday 2 March 2026, 08:00 UTC: an hour before the default working hours (09:00-19:00, UTC). */
const monday8am = new Date('2026-03-02T08:00:00Z');

describe.each(testBackends())('campaigns on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    const json: any = type.includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: json, type };
  };

  async function signedIn() {
    const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    return { account, token, personaId: account.personaId };
  }

  /** A signed-in account with a Compose campaign of connectThenMessage and n contacts in it. */
  async function campaignWithContacts(n: number) {
    const user = await signedIn();
    const contacts = await createContacts(server.db, user.personaId, n);
    const campaign = await createCampaignRow(server.db, user.personaId);
    await addAudience(
      server.db,
      campaign,
      contacts.map((contact) => contact.id),
    );
    return { ...user, contacts, campaign };
  }

  const countRows = async (table: typeof executions | typeof activities, campaignId: string) => {
    const [row] = await server.db
      .select({ total: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.campaignId, campaignId));
    return row?.total ?? 0;
  };

  it('creates, reads and renames a draft; refuses bad names with 422', async () => {
    const { token } = await signedIn();
    const created = await call('POST', '/campaigns', token, { name: 'Q1 outreach' });
    expect(created.status).toBe(200);
    const campaign: Campaign = campaignSchema.parse(created.body);
    expect(campaign).toMatchObject({
      name: 'Q1 outreach',
      state: 'Compose',
      archived: false,
      steps: [],
      allowAddSteps: true,
      target_audience_count: 0,
      statistics: { started_count: 0, invitation_sent: 0, acceptance_rate: null, reply_rate: null },
    });
    expect(campaign.events.run).toEqual({ enabled: false, hint: lifecycleHints.noContacts });

    const renamed = await call('PUT', `/campaigns/${campaign.id}/update`, token, { name: 'Renamed' });
    expect(renamed.body.name).toBe('Renamed');
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body.name).toBe('Renamed');

    // The editor's texts: the form and the server check with the same schema.
    for (const [name, message] of [
      ['', campaignNameTexts.required],
      ['   ', campaignNameTexts.required],
      ['x'.repeat(51), campaignNameTexts.tooLong],
    ] as const) {
      const refused = await call('PUT', `/campaigns/${campaign.id}/update`, token, { name });
      expect(refused.status, name).toBe(422);
      expect(errorBodySchema.parse(refused.body)).toMatchObject({ name: 'UnprocessableEntity', message });
    }
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body.name).toBe('Renamed');
    expect((await call('POST', '/campaigns', undefined, { name: 'x' })).status).toBe(403);
  });

  it('saves steps in the stored form and answers 422 with every warning', async () => {
    const { token } = await signedIn();
    const { body: campaign } = await call('POST', '/campaigns', token, { name: 'Steps' });
    const saved = await call('PUT', `/campaigns/${campaign.id}/update_steps`, token, {
      steps: connectThenMessage,
      launch_in_minutes: 60,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.steps).toEqual(connectThenMessage);
    expect(saved.body.launch_in_minutes).toBe(60);
    const [row] = await server.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row?.steps.map((step) => step.type)).toEqual(['Connect', 'Delay', 'Message']);

    const refused = await call('PUT', `/campaigns/${campaign.id}/update_steps`, token, {
      steps: [
        { type: 'Message', message_template: '', timeout: 1440 },
        { type: 'Message', message_template: 'Hi {nickname}', timeout: 1440 },
        { type: 'Connect', message_template: 'x'.repeat(291), timeout: 14_400, delay: 0 },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(stepMessages.fixAllWarnings);
    expect(refused.body.errors).toEqual([
      { field: 'steps[0].message_template', description: 'Enter your message' },
      { field: 'steps[1].message_template', description: '{nickname} is not supported' },
      { field: 'steps[2].message_template', description: 'Too long message' },
    ]);
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body.steps).toEqual(connectThenMessage);
  });

  it("refuses a delay above the timer inputs' maximum (9999 days 23:59) with 422, saving nothing", async () => {
    const { token } = await signedIn();
    const { body: campaign } = await call('POST', '/campaigns', token, { name: 'Long waits' });
    const save = (steps: unknown[], launch_in_minutes?: number) =>
      call('PUT', `/campaigns/${campaign.id}/update_steps`, token, { steps, launch_in_minutes });
    const longest = [
      { type: 'Connect', message_template: null, timeout: timerMaxMinutes, delay: timerMaxMinutes },
      { type: 'Message', message_template: 'Hi', timeout: timerMaxMinutes },
    ];
    expect((await save(longest, timerMaxMinutes)).status).toBe(200);
    const over = timerMaxMinutes + 1;
    const tooLong: [string, unknown[], number | undefined][] = [
      ['Connect delay', [{ ...longest[0], delay: over }, longest[1]], undefined],
      ['withdraw period', [{ ...longest[0], timeout: over }, longest[1]], undefined],
      ['message timeout', [longest[0], { ...longest[1], timeout: over }], undefined],
      ['follow wait', [{ type: 'Follow', timeout: over }], undefined],
      ['launch in', longest, over],
    ];
    for (const [what, steps, launchIn] of tooLong) {
      const refused = await save(steps, launchIn);
      expect(refused.status, what).toBe(422);
      expect(errorBodySchema.parse(refused.body).name, what).toBe('UnprocessableEntity');
    }
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body).toMatchObject({
      steps: longest,
      launch_in_minutes: timerMaxMinutes,
    });
  });

  it('limits editing after launch: same shape only', async () => {
    const { token, campaign } = await campaignWithContacts(1);
    expect((await call('PUT', `/campaigns/${campaign.id}/run`, token)).status).toBe(200);
    const added = await call('PUT', `/campaigns/${campaign.id}/update_steps`, token, {
      steps: [...connectThenMessage, { type: 'Follow', timeout: 1440 }],
    });
    expect(added.status).toBe(422);
    expect(added.body.message).toBe('The campaign has already started, editing is limited');
    const edited = await call('PUT', `/campaigns/${campaign.id}/update_steps`, token, {
      steps: [connectThenMessage[0], { type: 'Message', message_template: 'New text', timeout: 2880 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.allowAddSteps).toBe(false);
  });

  it('gives the events flags of §4 per state and refuses disallowed transitions with 422, changing nothing', async () => {
    const { token, campaign } = await campaignWithContacts(2);
    const get = async () => (await call('GET', `/campaigns/${campaign.id}`, token)).body as Campaign;
    const enabled = (c: Campaign) =>
      Object.fromEntries(Object.entries(c.events).map(([name, event]) => [name, event.enabled]));

    const compose = await get();
    expect(enabled(compose)).toEqual({
      run: true,
      stop: false,
      complete: true,
      clone: true,
      archive: true,
      unarchive: false,
    });
    const refusedStop = await call('PUT', `/campaigns/${campaign.id}/stop`, token);
    expect(refusedStop).toMatchObject({ status: 422, body: { message: lifecycleHints.notRunning } });
    expect(await get()).toEqual(compose);

    const running = (await call('PUT', `/campaigns/${campaign.id}/run`, token)).body as Campaign;
    expect(running.state).toBe('Running');
    expect(enabled(running)).toEqual({
      run: false,
      stop: true,
      complete: true,
      clone: true,
      archive: false,
      unarchive: false,
    });
    for (const [action, message] of [
      ['run', lifecycleHints.alreadyRunning],
      ['archive', lifecycleHints.stopBeforeArchive],
      ['unarchive', lifecycleHints.notArchived],
    ] as const) {
      const before = await get();
      const refused = await call('PUT', `/campaigns/${campaign.id}/${action}`, token);
      expect(refused, action).toMatchObject({ status: 422, body: { message } });
      expect(await get()).toEqual(before);
    }
    expect(await countRows(executions, campaign.id)).toBe(2);

    const stopped = (await call('PUT', `/campaigns/${campaign.id}/stop`, token)).body as Campaign;
    expect(stopped).toMatchObject({ state: 'Stopped', pause_reason: 'User' });
    expect(enabled(stopped)).toEqual({
      run: true,
      stop: false,
      complete: true,
      clone: true,
      archive: true,
      unarchive: false,
    });

    const completed = (await call('PUT', `/campaigns/${campaign.id}/complete`, token)).body as Campaign;
    expect(completed).toMatchObject({ state: 'Completed', complete_reason: 'User' });
    expect(enabled(completed)).toEqual({
      run: false,
      stop: false,
      complete: false,
      clone: true,
      archive: true,
      unarchive: false,
    });
    const before = await get();
    for (const action of ['run', 'stop', 'complete'] as const) {
      expect((await call('PUT', `/campaigns/${campaign.id}/${action}`, token)).status, action).toBe(422);
    }
    expect(await get()).toEqual(before);

    const archived = (await call('PUT', `/campaigns/${campaign.id}/archive`, token)).body as Campaign;
    expect(enabled(archived)).toEqual({
      run: false,
      stop: false,
      complete: false,
      clone: true,
      archive: false,
      unarchive: true,
    });
    expect(archived.allowAddSteps).toBe(false);
  });

  it('launches: one execution per valid contact and their first activities; the preview reports the skipped', async () => {
    const { token, personaId, contacts, campaign } = await campaignWithContacts(3);
    // One contact is already in another running campaign; one has no profile address.
    const other = await createCampaignRow(server.db, personaId, { state: 'Running' });
    const busy = contacts[0];
    if (!busy) throw new Error('no contact');
    await addAudience(server.db, other, [busy.id]);
    await createExecutionRow(server.db, other, busy.id, { state: 'InQueue', stepIndex: 0 });
    const [noProfile] = await createContacts(server.db, personaId, [
      { linkedinPublicIdentifier: null, salesLeadId: 'lead-1' },
    ]);
    await addAudience(server.db, campaign, [noProfile?.id ?? '']);

    const preview = await call('GET', `/campaigns/${campaign.id}/preview`, token);
    expect(preview.body).toEqual({
      validation_rules_summary: [
        { count: 1, description: audienceRules.inAnotherCampaign },
        { count: 1, description: audienceRules.noProfile },
      ].sort((a, b) => a.description.localeCompare(b.description)),
      valid_audience_count: 2,
    });

    const run = await call('PUT', `/campaigns/${campaign.id}/run`, token);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      state: 'Running',
      started: monday8am.toISOString(),
      target_audience_count: 2,
      statistics: { started_count: 2, in_queue_count: 2 },
    });
    const launched = await server.db.select().from(executions).where(eq(executions.campaignId, campaign.id));
    expect(launched.map((e) => e.contactId).sort()).toEqual(
      contacts
        .slice(1)
        .map((c) => c.id)
        .sort(),
    );
    expect(launched.every((e) => e.state === 'InQueue' && e.stepIndex === 0)).toBe(true);
    const queued = await server.db.select().from(activities).where(eq(activities.campaignId, campaign.id));
    expect(queued).toHaveLength(2);
    for (const activity of queued) {
      expect(activity).toMatchObject({
        state: 'queued',
        stepNumber: 1,
        operationType: 'Connect',
        limitKind: 'invitations',
        dueAt: monday8am,
      });
    }
    // The launch woke the persona: a claim looks at its queue from the first due time on.
    const [runtime] = await server.db
      .select()
      .from(personaRuntime)
      .where(eq(personaRuntime.personaId, campaign.personaId));
    expect(runtime?.nextCheckAt).toEqual(monday8am);
  });

  it('launches all or nothing: a failure halfway leaves no execution and no activity', async () => {
    const { token, campaign } = await campaignWithContacts(3);
    // The activity insert fails inside the launch transaction, after the executions were made.
    await server.db.execute(
      sql.raw(`create or replace function fail_launch_${campaign.id.replaceAll('-', '')}() returns trigger as $$
        begin if new.campaign_id = '${campaign.id}' then raise exception 'injected failure'; end if; return new; end
        $$ language plpgsql`),
    );
    await server.db.execute(
      sql.raw(`create trigger fail_launch before insert on activities for each row
        execute function fail_launch_${campaign.id.replaceAll('-', '')}()`),
    );
    try {
      const run = await call('PUT', `/campaigns/${campaign.id}/run`, token);
      expect(run.status).toBe(500);
    } finally {
      await server.db.execute(sql.raw('drop trigger fail_launch on activities'));
    }
    expect(await countRows(executions, campaign.id)).toBe(0);
    expect(await countRows(activities, campaign.id)).toBe(0);
    const [row] = await server.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ state: 'Compose', startedAt: null });
    const audience = await server.db
      .select()
      .from(campaignAudience)
      .where(eq(campaignAudience.campaignId, campaign.id));
    expect(audience).toHaveLength(3);
    // And it launches once the failure is gone.
    expect((await call('PUT', `/campaigns/${campaign.id}/run`, token)).status).toBe(200);
    expect(await countRows(activities, campaign.id)).toBe(3);
  });

  it("shows the queue with run_in_minutes inside working hours; a paused campaign's rows say why", async () => {
    const { token, personaId, campaign } = await campaignWithContacts(3);
    await call('PUT', `/campaigns/${campaign.id}/run`, token);
    const queue = await call('GET', '/workspace/activities-queue', token);
    expect(queue.status).toBe(200);
    const body = queue.body as ActivitiesQueueResponse;
    expect(body.outside_working_hours).toBe(true);
    expect(body.data.total).toBe(3);
    const minutes = body.data.documents.map((item) => item.run_in_minutes);
    // 08:00 now; the working day starts at 09:00; at least two minutes between actions.
    expect(minutes[0]).toBe(60);
    for (let i = 1; i < minutes.length; i += 1) {
      expect((minutes[i] ?? 0) - (minutes[i - 1] ?? 0)).toBeGreaterThanOrEqual(2);
      expect(minutes[i] ?? 0).toBeLessThan(60 + 20);
    }
    const first = body.data.documents[0];
    expect(first).toMatchObject({
      campaign: { id: campaign.id, name: campaign.name },
      step_number: 1,
      operation_type: 'Connect',
      execution: { state: 'InQueue', human_state: 'In queue' },
    });
    expect(first?.message).toBe(`Hi ${first?.execution.linkedin_contact.first_name}`);
    // Why each waits, by the claim's own checks: before 09:00 it is the working hours for all.
    expect(body.data.documents.map((item) => item.wait_reason?.code)).toEqual([
      'outside-working-hours',
      'outside-working-hours',
      'outside-working-hours',
    ]);

    // With Sunday as the only working day, everything waits for Sunday 09:00 (6 days 1 hour on).
    const sundayOnly = {
      ...weekdaysNineToSeven,
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      sunday: [{ start: 540, duration: 600 }],
    };
    await server.db.update(personas).set({ workingHours: sundayOnly }).where(eq(personas.id, personaId));
    const sunday = (await call('GET', '/workspace/activities-queue', token)).body as ActivitiesQueueResponse;
    expect(sunday.data.documents[0]?.run_in_minutes).toBe(6 * 24 * 60 + 60);
    await server.db
      .update(personas)
      .set({ workingHours: weekdaysNineToSeven })
      .where(eq(personas.id, personaId));

    // Paused, its contacts' next activities stay listed after what will run: no time, and why.
    const queueOf = async () =>
      ((await call('GET', '/workspace/activities-queue', token)).body as ActivitiesQueueResponse).data;
    const pausedRows = (data: ActivitiesQueueResponse['data']) =>
      data.documents.map((item) => ({
        run_in_minutes: item.run_in_minutes,
        wait_reason: item.wait_reason,
        hint: item.execution.step_executions[0]?.hint,
      }));
    await call('PUT', `/campaigns/${campaign.id}/stop`, token);
    const stopped = await queueOf();
    expect(stopped.total).toBe(3);
    expect(pausedRows(stopped)).toEqual(
      Array(3).fill({
        run_in_minutes: null,
        wait_reason: { code: 'campaign-paused', limit_kind: null, until: null, pause_reason: 'User' },
        hint: 'The campaign is paused: paused by you',
      }),
    );
    await call('PUT', `/campaigns/${campaign.id}/run`, token);
    const resumed = await queueOf();
    expect(resumed.total).toBe(3);
    expect(resumed.documents.map((item) => item.wait_reason?.code)).toEqual(
      Array(3).fill('outside-working-hours'),
    );
    // A network sign-out: the runner's NotAuthenticated report pauses the campaign (report-outcomes.ts).
    await server.db.transaction((tx) =>
      pauseCampaign(tx, { personaId, campaignId: campaign.id, now: monday8am, reason: 'NotAuthenticated' }),
    );
    const signedOut = await queueOf();
    expect(signedOut.total).toBe(3);
    expect(pausedRows(signedOut)).toEqual(
      Array(3).fill({
        run_in_minutes: null,
        wait_reason: {
          code: 'campaign-paused',
          limit_kind: null,
          until: null,
          pause_reason: 'NotAuthenticated',
        },
        hint: 'The campaign is paused: signed out of the network',
      }),
    );
    await call('PUT', `/campaigns/${campaign.id}/complete`, token);
    expect(
      ((await call('GET', '/workspace/activities-queue', token)).body as ActivitiesQueueResponse).data.total,
    ).toBe(0);
    const states = await server.db
      .select({ state: executions.state })
      .from(executions)
      .where(eq(executions.campaignId, campaign.id));
    expect(states.every((row) => row.state === 'Cancelled')).toBe(true);
  });

  it('clones, archives and unarchives', async () => {
    const { token, campaign } = await campaignWithContacts(1);
    const clone = await call('PUT', `/campaigns/${campaign.id}/clone`, token);
    expect(clone.status).toBe(200);
    expect(clone.body).toMatchObject({
      name: 'Test campaign (copy)',
      state: 'Compose',
      steps: connectThenMessage,
      target_audience_count: 0,
    });
    expect(clone.body.id).not.toBe(campaign.id);

    expect((await call('PUT', `/campaigns/${campaign.id}/archive`, token)).body.archived).toBe(true);
    const active = await call('GET', '/campaigns/page', token);
    expect(active.body.documents.map((c: Campaign) => c.id)).toEqual([clone.body.id]);
    const archive = await call('GET', '/campaigns/page?archived=true', token);
    expect(archive.body).toMatchObject({ total: 1, documents: [{ id: campaign.id, archived: true }] });
    expect((await call('PUT', `/campaigns/${campaign.id}/unarchive`, token)).body.archived).toBe(false);
    expect((await call('GET', '/campaigns/page', token)).body.total).toBe(2);
  });

  it('pages, filters, searches and sorts the list (default created desc)', async () => {
    const { token, personaId } = await signedIn();
    for (const [index, name] of ['Alpha', 'Beta', 'Gamma'].entries()) {
      await createCampaignRow(server.db, personaId, {
        name,
        state: index === 1 ? 'Running' : 'Compose',
        createdAt: new Date(monday8am.getTime() - (3 - index) * 60_000),
      });
    }
    const names = async (query: string) =>
      ((await call('GET', `/campaigns/page${query}`, token)).body.documents as Campaign[]).map((c) => c.name);
    expect(await names('')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await names('?$orderby=name%20asc&$take=2')).toEqual(['Alpha', 'Beta']);
    expect(await names('?$skip=2')).toEqual(['Alpha']);
    expect(await names(`?$filter=${encodeURIComponent('state eq Running')}`)).toEqual(['Beta']);
    expect(await names(`?$filter=${encodeURIComponent('not (state eq Compose)')}`)).toEqual(['Beta']);
    expect(await names('?$searchQuery=amm')).toEqual(['Gamma']);
    const bad = await call('GET', `/campaigns/page?$filter=${encodeURIComponent('password eq 1')}`, token);
    expect(bad.status).toBe(422);
  });

  it('adds, previews and removes target audience contacts', async () => {
    const { token, personaId } = await signedIn();
    const contacts = await createContacts(server.db, personaId, 4);
    const { body: campaign } = await call('POST', '/campaigns', token, { name: 'Audience' });
    const ids = contacts.slice(0, 3).map((c) => `'${c.id}'`);
    const filter = encodeURIComponent(`id in (${ids.join(', ')})`);
    const preview = await call(
      'GET',
      `/campaigns/${campaign.id}/target_audience/preview?filter=${filter}`,
      token,
    );
    expect(preview.body).toEqual({ valid_count: 3, invalid_count: 0, validation_rules_summary: [] });
    const added = await call('PUT', `/campaigns/${campaign.id}/target_audience`, token, {
      filter: decodeURIComponent(filter),
    });
    expect(added.body).toEqual({ count: 3 });
    const again = await call('GET', `/campaigns/${campaign.id}/target_audience/preview`, token);
    expect(again.body).toEqual({
      valid_count: 1,
      invalid_count: 3,
      validation_rules_summary: [{ count: 3, description: 'Contacts that are already in this campaign' }],
    });
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body.target_audience_count).toBe(3);
    // The contacts' campaigns (the contact_campaigns view) know the membership.
    const members = encodeURIComponent(`campaigns/any(c: c eq ${campaign.id})`);
    expect(
      (await call('GET', `/campaigns/${campaign.id}/target_audience/preview?filter=${members}`, token)).body,
    ).toMatchObject({ valid_count: 0, invalid_count: 3 });
    const removed = await call(
      'DELETE',
      `/campaigns/${campaign.id}/target_audience?filter=${encodeURIComponent(`id eq ${contacts[0]?.id}`)}`,
      token,
    );
    expect(removed.body).toEqual({ count: 1 });
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body.target_audience_count).toBe(2);

    // A running campaign launches added contacts at once.
    await call('PUT', `/campaigns/${campaign.id}/update_steps`, token, { steps: connectThenMessage });
    await call('PUT', `/campaigns/${campaign.id}/run`, token);
    expect(await countRows(activities, campaign.id)).toBe(2);
    expect((await call('PUT', `/campaigns/${campaign.id}/target_audience`, token, {})).body).toEqual({
      count: 2,
    });
    expect(await countRows(executions, campaign.id)).toBe(4);
    expect(await countRows(activities, campaign.id)).toBe(4);
  });

  it('creates a campaign with its contacts in one step, previewed before anything is saved', async () => {
    const { token, personaId } = await signedIn();
    const contacts = await createContacts(server.db, personaId, 3);
    const filter = `id in (${contacts.map((c) => `'${c.id}'`).join(', ')})`;
    const preview = await call(
      'GET',
      `/campaigns/target_audience/preview?filter=${encodeURIComponent(filter)}`,
      token,
    );
    expect(preview.body).toEqual({ valid_count: 3, invalid_count: 0, validation_rules_summary: [] });
    // Previewing saves nothing: the user may still cancel.
    expect((await call('GET', '/campaigns/page', token)).body.total).toBe(0);

    const refused = await call('POST', '/campaigns', token, {
      name: 'Half written',
      target_audience: { filter: 'password eq 1' },
    });
    expect(refused.status).toBe(422);
    expect((await call('GET', '/campaigns/page', token)).body.total).toBe(0);

    const created = await call('POST', '/campaigns', token, {
      name: 'With contacts',
      target_audience: { filter },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'With contacts', state: 'Compose', target_audience_count: 3 });
    expect((await call('GET', '/campaigns/page', token)).body.total).toBe(1);
  });

  it('completes and resumes one execution, lists, renders messages and excludes', async () => {
    const { token, campaign } = await campaignWithContacts(2);
    await call('PUT', `/campaigns/${campaign.id}/run`, token);
    const page = await call('GET', `/executions/page?campaign_id=${campaign.id}`, token);
    expect(page.status).toBe(200);
    const list = page.body as ExecutionsPageResponse;
    expect(list.total).toBe(2);
    const execution = list.documents[0];
    if (!execution) throw new Error('no execution');
    expect(execution).toMatchObject({
      state: 'InQueue',
      step_number: 1,
      operation_type: 'Connect',
      actions: { complete: { enabled: true } },
    });
    expect(execution.run_in_minutes).toBeGreaterThanOrEqual(60);
    expect(execution.step_executions.map((s) => [s.type, s.is_visible, s.state])).toEqual([
      ['Connect', true, 'InQueue'],
      ['Delay', false, 'NotStarted'],
      ['Message', true, 'NotStarted'],
    ]);

    const completed = await call('PUT', `/executions/${execution.id}/complete`, token);
    expect(completed.body).toMatchObject({
      state: 'Cancelled',
      human_state: 'Cancelled by you',
      run_in_minutes: null,
    });
    const queued = await server.db
      .select()
      .from(activities)
      .where(and(eq(activities.executionId, execution.id), eq(activities.state, 'queued')));
    expect(queued).toHaveLength(0);
    expect((await call('PUT', `/executions/${execution.id}/complete`, token)).status).toBe(422);
    const resumed = await call('PUT', `/executions/${execution.id}/resume`, token);
    expect(resumed.body).toMatchObject({ state: 'InQueue', operation_type: 'Connect' });
    expect(resumed.body.run_in_minutes).toBeGreaterThanOrEqual(60);

    const message = await call('GET', `/executions/${execution.id}/steps/3/message`, token);
    const contact = execution.linkedin_contact;
    expect(message.body).toEqual({ message: `Thanks ${contact.first_name} from ${contact.company_name}!` });
    expect((await call('GET', `/executions/${execution.id}/steps/9/message`, token)).status).toBe(404);

    const filter = encodeURIComponent(`id eq ${execution.id}`);
    expect((await call('GET', `/executions/delete/preview?filter=${filter}`, token)).body).toEqual({
      validation_rules_summary: [],
      valid_audience_count: 1,
    });
    expect((await call('DELETE', `/executions/delete?filter=${filter}`, token)).body).toEqual({ count: 1 });
    expect((await call('GET', `/campaigns/${campaign.id}`, token)).body.target_audience_count).toBe(1);
    expect(await countRows(activities, campaign.id)).toBe(1);
  });

  it('computes list and per-step statistics from executions and the activity log', async () => {
    const { token, personaId, contacts, campaign } = await campaignWithContacts(4);
    await server.db
      .update(campaigns)
      .set({ state: 'Running', startedAt: monday8am })
      .where(eq(campaigns.id, campaign.id));
    const [a, b, c, d] = contacts;
    if (!a || !b || !c || !d) throw new Error('contacts');
    const e1 = await createExecutionRow(server.db, campaign, a.id, {
      state: 'Succeed',
      stepIndex: null,
      stepStates: { '1': 'Succeed', '2': 'Succeed', '3': 'Succeed' },
    });
    const e2 = await createExecutionRow(server.db, campaign, b.id, {
      state: 'InProgress',
      stepIndex: 2,
      stepStates: { '1': 'Succeed', '2': 'Succeed', '3': 'InProgress' },
    });
    const e3 = await createExecutionRow(server.db, campaign, c.id, {
      state: 'Ignored',
      stepIndex: 0,
      stepStates: { '1': 'Ignored' },
    });
    await createExecutionRow(server.db, campaign, d.id, {
      state: 'InQueue',
      stepIndex: 0,
      stepStates: { '1': 'InQueue' },
    });
    await logActivities(server.db, e1, [
      'invitation_sent',
      'invitation_accepted',
      'message_sent',
      'reply_received',
    ]);
    await logActivities(server.db, e2, ['invitation_sent', 'invitation_accepted', 'message_sent']);
    await logActivities(server.db, e3, ['invitation_sent', 'invitation_withdrawn']);

    const got = (await call('GET', `/campaigns/${campaign.id}`, token)).body as Campaign;
    expect(got.statistics).toEqual({
      started_count: 4,
      in_queue_count: 2,
      invitation_sent: 3,
      acceptance_rate: 66.7,
      messages_sent: 2,
      reply_rate: 50,
    });
    expect(got.in_queue_count).toBe(2);
    const listed = (await call('GET', '/campaigns/page', token)).body.documents[0] as Campaign;
    expect(listed.statistics).toEqual(got.statistics);
    const filtered = async (filter: string) =>
      (await call('GET', `/campaigns/page?$filter=${encodeURIComponent(filter)}`, token)).body.total;
    expect(await filtered('in_queue_count eq 2')).toBe(1);
    expect(await filtered('in_queue_count gt 2')).toBe(0);

    const stats = await call('GET', `/campaigns/${campaign.id}/executions-statistics`, token);
    expect(stats.body.total).toEqual({
      not_started: 0,
      in_queue: 1,
      in_progress: 1,
      succeed: 1,
      ignored: 1,
      cancelled: 0,
      skipped: 0,
      failed: 0,
    });
    expect(
      stats.body.steps.map(
        (s: { type: string; succeed: number; not_started: number; in_progress: number }) => [
          s.type,
          s.succeed,
          s.in_progress,
          s.not_started,
        ],
      ),
    ).toEqual([
      ['Connect', 2, 0, 0],
      ['Delay', 2, 0, 2],
      ['Message', 1, 1, 2],
    ]);

    const csv = await call('GET', '/campaigns/export', token);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const lines = (csv.body as string).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Campaign","Status","Contacts","Started contacts","Invites sent","Acceptance rate","Messages sent","Reply rate","Created"',
    );
    expect(lines[1]).toContain('"Test campaign","active","4","4","3","66.7","2","50"');
    const executionsCsv = await call('GET', `/executions/export?campaign_id=${campaign.id}`, token);
    expect((executionsCsv.body as string).trim().split('\r\n')).toHaveLength(5);

    // The Interaction Log is a Pro feature: the trial (Basic's features) is refused.
    const refused = await call('GET', '/recent-activities/export', token);
    // 403 with the spec's words, and nothing exported: an error body, not a file.
    expect(refused).toMatchObject({
      status: 403,
      body: { name: 'NotAuthorized', message: 'Upgrade your plan to Pro' },
    });
    expect(refused.type).toContain('application/json');
    await subscribeToPlan(server.db, personaId, 'pro', server.clock);
    const recent = await call('GET', '/recent-activities/export', token);
    expect(recent.status).toBe(200);
    expect((recent.body as string).trim().split('\r\n')).toHaveLength(10);
  });

  it("answers 404 for another workspace's campaign and execution, and never lists them", async () => {
    const owner = await campaignWithContacts(1);
    await call('PUT', `/campaigns/${owner.campaign.id}/run`, owner.token);
    const [execution] = await server.db
      .select()
      .from(executions)
      .where(eq(executions.campaignId, owner.campaign.id));
    const stranger = await signedIn();
    for (const [method, path] of [
      ['GET', `/campaigns/${owner.campaign.id}`],
      ['PUT', `/campaigns/${owner.campaign.id}/stop`],
      ['PUT', `/campaigns/${owner.campaign.id}/clone`],
      ['GET', `/campaigns/${owner.campaign.id}/preview`],
      ['GET', `/campaigns/${owner.campaign.id}/executions-statistics`],
      ['PUT', `/executions/${execution?.id}/complete`],
      ['GET', `/executions/${execution?.id}/steps/1/message`],
    ] as const) {
      expect((await call(method, path, stranger.token)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', '/campaigns/page', stranger.token)).body.total).toBe(0);
    // The campaign contacts page's own reads with the foreign id find none of its contacts.
    const theirs = `campaigns/any(c: c eq '${owner.campaign.id}')`;
    const theirExecutions = `executions/any(e: e/campaign_id eq '${owner.campaign.id}')`;
    for (const filter of [theirs, theirExecutions]) {
      const contactsOfTheirs = await call(
        'GET',
        `/contacts/page?$filter=${encodeURIComponent(filter)}`,
        stranger.token,
      );
      expect(contactsOfTheirs.body, filter).toEqual({ documents: [], total: 0 });
    }
    expect(
      (await call('GET', `/executions/page?campaign_id=${owner.campaign.id}`, stranger.token)).body.total,
    ).toBe(0);
    expect(
      (await call('DELETE', `/campaigns/${owner.campaign.id}/target_audience?all=true`, stranger.token))
        .status,
    ).toBe(404);
    expect((await call('GET', '/executions/page', stranger.token)).body.total).toBe(0);
    expect(
      ((await call('GET', '/workspace/activities-queue', stranger.token)).body as ActivitiesQueueResponse)
        .data.total,
    ).toBe(0);
    expect(
      (
        await call(
          'DELETE',
          `/executions/delete?filter=${encodeURIComponent(`id eq ${execution?.id}`)}`,
          stranger.token,
        )
      ).status,
    ).toBe(422);
    expect((await call('GET', `/campaigns/${owner.campaign.id}`, owner.token)).body.state).toBe('Running');
  });
});
