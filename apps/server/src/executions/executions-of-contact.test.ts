import { errorBodySchema, executionsPageResponseSchema } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, executions } from '../db/schema.ts';
import {
  callApi,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/** GET executions/page by contact: the contacts screen's 'Participate in campaigns' menu (seed 002 §7.1). */
describe.each(testBackends())('executions of one contact on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  async function signedIn() {
    const { account, token } = await signInNewAccount(server, { onboarded: true });
    return { personaId: account.personaId, token };
  }

  const byContact = (contactId: string) =>
    `/executions/page?${new URLSearchParams({
      $filter: `linkedin_contact/id eq '${contactId}'`,
      $orderby: 'created desc',
    })}`;

  it('lists the campaigns a contact takes part in, newest first, with their state', async () => {
    const user = await signedIn();
    const [ada, bob] = await createContacts(server.db, user.personaId, 2);
    if (!ada || !bob) throw new Error('no contacts');
    const spring = await createCampaignRow(server.db, user.personaId, { name: 'Spring', state: 'Running' });
    const autumn = await createCampaignRow(server.db, user.personaId, { name: 'Autumn', state: 'Stopped' });
    const older = await createExecutionRow(server.db, spring, ada.id, { state: 'InQueue', stepIndex: 0 });
    await createExecutionRow(server.db, autumn, ada.id, { state: 'Succeed', stepIndex: 1 });
    await createExecutionRow(server.db, autumn, bob.id, { state: 'InQueue', stepIndex: 0 });
    await server.db
      .update(executions)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(executions.id, older.id));

    const response = await callApi(server.url, 'GET', byContact(ada.id), user.token);
    expect(response.status).toBe(200);
    const page = executionsPageResponseSchema.parse(await response.json());
    expect(page.total).toBe(2);
    expect(
      page.documents.map(({ campaign_id, campaign_name, state, linkedin_contact }) => ({
        campaign_id,
        campaign_name,
        state,
        contact: linkedin_contact.id,
      })),
    ).toEqual([
      { campaign_id: autumn.id, campaign_name: 'Autumn', state: 'Succeed', contact: ada.id },
      { campaign_id: spring.id, campaign_name: 'Spring', state: 'InQueue', contact: ada.id },
    ]);

    // Another workspace's token sees nothing of this contact.
    const stranger = await signedIn();
    const theirs = await callApi(server.url, 'GET', byContact(ada.id), stranger.token);
    expect(executionsPageResponseSchema.parse(await theirs.json()).total).toBe(0);
  });

  it("says when each contact entered the campaign and why a paused campaign's step waits", async () => {
    const user = await signedIn();
    const [ada] = await createContacts(server.db, user.personaId, 1);
    if (!ada) throw new Error('no contacts');
    // Paused by the engine when the network session was signed out.
    const paused = await createCampaignRow(server.db, user.personaId, {
      name: 'Paused',
      state: 'Stopped',
      pauseReason: 'NotAuthenticated',
    });
    const execution = await createExecutionRow(server.db, paused, ada.id, {
      state: 'InQueue',
      stepIndex: 0,
      stepStates: { '1': 'InQueue' },
    });
    const entered = new Date('2026-02-03T04:05:06.000Z');
    await server.db.update(executions).set({ createdAt: entered }).where(eq(executions.id, execution.id));

    const page = executionsPageResponseSchema.parse(
      await (await callApi(server.url, 'GET', byContact(ada.id), user.token)).json(),
    );
    const [document] = page.documents;
    expect(document?.created).toBe(entered.toISOString());
    expect(document?.step_executions.map(({ type, human_state, hint }) => [type, human_state, hint])).toEqual(
      [
        ['Connect', 'In queue', 'The campaign is paused: signed out of the network'],
        ['Delay', 'Not started', null],
        ['Message', 'Not started', null],
      ],
    );
    expect(document?.actions.complete).toEqual({ enabled: true, hint: null });
    expect(document?.actions.open_conversation).toEqual({
      enabled: false,
      hint: 'No conversation with this contact yet',
    });
  });

  it('says what a waiting step waits for: the acceptance since the invitation went, the reply until its timeout', async () => {
    const user = await signedIn();
    const [ada, bob] = await createContacts(server.db, user.personaId, 2);
    if (!ada || !bob) throw new Error('no contacts');
    const running = await createCampaignRow(server.db, user.personaId, { name: 'Waiting', state: 'Running' });
    const invited = await createExecutionRow(server.db, running, ada.id, {
      state: 'InProgress',
      stepIndex: 0,
      stepStates: { '1': 'InProgress' },
    });
    const messaged = await createExecutionRow(server.db, running, bob.id, {
      state: 'InProgress',
      stepIndex: 2,
      stepStates: { '1': 'Succeed', '2': 'Succeed', '3': 'InProgress' },
    });
    const sent = new Date('2026-03-02T10:15:00.000Z');
    const withdrawal = new Date('2026-03-16T10:15:00.000Z');
    const timeout = new Date('2026-03-05T09:00:00.000Z');
    await server.db
      .update(executions)
      .set({ awaitingUntil: withdrawal })
      .where(eq(executions.id, invited.id));
    await server.db.update(executions).set({ awaitingUntil: timeout }).where(eq(executions.id, messaged.id));
    await server.db.insert(activities).values({
      personaId: user.personaId,
      campaignId: running.id,
      executionId: invited.id,
      stepNumber: 1,
      operationType: 'Connect',
      limitKind: 'invitations',
      dueAt: sent,
      state: 'done',
      reportedAt: sent,
    });

    const currentOf = async (contactId: string) => {
      const page = executionsPageResponseSchema.parse(
        await (await callApi(server.url, 'GET', byContact(contactId), user.token)).json(),
      );
      return page.documents[0]?.step_executions.filter((step) => step.waiting !== undefined);
    };
    expect(await currentOf(ada.id)).toMatchObject([
      {
        step_number: 1,
        waiting: { for: 'acceptance', since: sent.toISOString(), until: withdrawal.toISOString() },
      },
    ]);
    // No performed action on record (a row from before the activities were kept): since is unknown.
    expect(await currentOf(bob.id)).toMatchObject([
      { step_number: 3, waiting: { for: 'reply', since: null, until: timeout.toISOString() } },
    ]);
  });

  it('gives each step its date and its message as rendered for that contact (show details)', async () => {
    const user = await signedIn();
    const [ada, bob] = await createContacts(server.db, user.personaId, [
      { firstName: 'Ada', lastJob: 'Initech' },
      { firstName: 'Bob', lastJob: 'Globex' },
    ]);
    if (!ada || !bob) throw new Error('no contacts');
    // connectThenMessage: 'Hi {first_name}', a delay, 'Thanks {first_name} from {company_name}!'.
    const running = await createCampaignRow(server.db, user.personaId, { name: 'Dated', state: 'Running' });
    const accepted = await createExecutionRow(server.db, running, ada.id, {
      state: 'InQueue',
      stepIndex: 2,
      stepStates: { '1': 'Succeed', '2': 'Succeed', '3': 'InQueue' },
    });
    const failed = await createExecutionRow(server.db, running, bob.id, {
      state: 'Failed',
      stepIndex: 0,
      stepStates: { '1': 'Failed' },
    });
    const invited = new Date('2026-03-02T10:15:00.000Z');
    const failedAt = new Date('2026-03-03T11:00:00.000Z');
    const messageDue = new Date(Date.now() + 2 * 24 * 3600_000);
    const action = { personaId: user.personaId, campaignId: running.id } as const;
    await server.db.insert(activities).values([
      {
        ...action,
        executionId: accepted.id,
        stepNumber: 1,
        operationType: 'Connect',
        limitKind: 'invitations',
        dueAt: invited,
        state: 'done',
        reportedAt: invited,
      },
      {
        ...action,
        executionId: accepted.id,
        stepNumber: 3,
        operationType: 'Message',
        limitKind: 'messages',
        dueAt: messageDue,
      },
      {
        ...action,
        executionId: failed.id,
        stepNumber: 1,
        operationType: 'Connect',
        limitKind: 'invitations',
        dueAt: failedAt,
        state: 'failed',
        reportedAt: failedAt,
      },
    ]);

    const stepsOf = async (contactId: string) => {
      const page = executionsPageResponseSchema.parse(
        await (await callApi(server.url, 'GET', byContact(contactId), user.token)).json(),
      );
      // The steps a user sees (a Delay is folded into the step before it).
      const visible = page.documents[0]?.step_executions.filter((step) => step.is_visible) ?? [];
      return visible.map(({ type, human_state, date, message }) => ({
        type,
        human_state,
        date,
        message,
      }));
    };
    const adaSteps = await stepsOf(ada.id);
    expect(adaSteps[0]).toEqual({
      type: 'Connect',
      human_state: 'Connected',
      date: { kind: 'done', at: invited.toISOString() },
      message: 'Hi Ada',
    });
    // The queued message: scheduled by the queue's forecast, never before its due time.
    expect(adaSteps[1]).toMatchObject({
      type: 'Message',
      human_state: 'In queue',
      date: { kind: 'scheduled' },
      message: 'Thanks Ada from Initech!',
    });
    expect(new Date(adaSteps[1]?.date?.at ?? 0).getTime()).toBeGreaterThanOrEqual(messageDue.getTime());
    expect(await stepsOf(bob.id)).toEqual([
      {
        type: 'Connect',
        human_state: 'System error',
        date: { kind: 'failed', at: failedAt.toISOString() },
        message: 'Hi Bob',
      },
      { type: 'Message', human_state: 'Not started', date: undefined, message: 'Thanks Bob from Globex!' },
    ]);
  });

  it('refuses a contact id that is not a uuid with a 422, never a 500', async () => {
    const user = await signedIn();
    const response = await callApi(server.url, 'GET', byContact("x' or 1 eq 1 or id eq 'y"), user.token);
    expect(response.status).toBe(422);
    expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
  });
});
