import {
  campaignSchema,
  contactsPageAnswerSchema,
  errorBodySchema,
  executionSchema,
  executionsDeletePreviewSchema,
  executionsPageResponseSchema,
  nothingSelectedMessage,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, contacts, executions } from '../db/schema.ts';
import {
  addAudience,
  callApi,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/**
 * The contacts screen's row actions on a contact's latest execution (seed 002 §2.2, §4-§5, §7.1):
 * exclude through GET executions/delete/preview and DELETE executions/delete, and complete.
 */
describe.each(testBackends())('exclude and complete one contact on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  /** A running campaign with two contacts in queue; the second's invitation is in a runner's hands. */
  async function runningPair() {
    const { account, token } = await signInNewAccount(server, { onboarded: true });
    const [ada, bob] = await createContacts(server.db, account.personaId, 2);
    if (!ada || !bob) throw new Error('no contacts');
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    await addAudience(server.db, campaign, [ada.id, bob.id]);
    const queued = { state: 'InQueue', stepIndex: 0, stepStates: { '1': 'InQueue' } } as const;
    const adaRun = await createExecutionRow(server.db, campaign, ada.id, queued);
    const bobRun = await createExecutionRow(server.db, campaign, bob.id, queued);
    await server.db.insert(activities).values({
      personaId: account.personaId,
      campaignId: campaign.id,
      executionId: bobRun.id,
      stepNumber: 1,
      operationType: 'Connect',
      dueAt: new Date(),
      state: 'claimed',
      attempt: 1,
    });
    const call = (method: string, path: string) => callApi(server.url, method, path, token);
    return { token, call, ada, bob, adaRun, bobRun, campaign };
  }

  const ids = (...executionIds: string[]) =>
    encodeURIComponent(`id in (${executionIds.map((id) => `'${id}'`).join(', ')})`);

  it('previews the exclusion with the rule that keeps a contact a runner is acting on', async () => {
    const { call, adaRun, bobRun } = await runningPair();
    const preview = async (filter: string) => {
      const response = await call('GET', `/executions/delete/preview?filter=${filter}`);
      expect(response.status).toBe(200);
      return executionsDeletePreviewSchema.parse(await response.json());
    };
    expect(await preview(ids(adaRun.id))).toEqual({ validation_rules_summary: [], valid_audience_count: 1 });
    expect(await preview(ids(adaRun.id, bobRun.id))).toEqual({
      validation_rules_summary: [
        { count: 1, description: "Contacts with an action in progress can't be excluded" },
      ],
      valid_audience_count: 1,
    });
    expect((await preview(ids(bobRun.id))).valid_audience_count).toBe(0);
  });

  it('refuses to exclude an empty selection and excludes nothing (issue 21 bad input)', async () => {
    const { call, campaign, ada, bob } = await runningPair();
    const draft = await createCampaignRow(server.db, campaign.personaId, { state: 'Compose' });
    await addAudience(server.db, draft, [ada.id, bob.id]);
    for (const path of [
      '/executions/delete',
      '/executions/delete?filter=',
      '/executions/delete?filter=%20&searchQuery=',
      `/campaigns/${draft.id}/target_audience`,
      `/campaigns/${draft.id}/target_audience?filter=`,
    ]) {
      const refused = await call('DELETE', path);
      expect(refused.status, path).toBe(422);
      expect(errorBodySchema.parse(await refused.json()).message, path).toBe(nothingSelectedMessage);
    }
    // An id list naming nobody is a selection of none: refused the same way as nobody excludable.
    const none = await call(
      'DELETE',
      `/executions/delete?filter=${encodeURIComponent("id in ('00000000-0000-4000-8000-000000000000')")}`,
    );
    expect(none.status).toBe(422);
    expect(
      await server.db.select().from(executions).where(eq(executions.campaignId, campaign.id)),
    ).toHaveLength(2);
    const audience = await call('GET', `/campaigns/${draft.id}`);
    expect(campaignSchema.parse(await audience.json()).target_audience_count).toBe(2);
  });

  it('excludes the contact from that campaign only, and refuses when nobody can be excluded', async () => {
    const { call, ada, bob, adaRun, bobRun, campaign } = await runningPair();

    const refused = await call('DELETE', `/executions/delete?filter=${ids(bobRun.id)}`);
    expect(refused.status).toBe(422);
    expect(errorBodySchema.parse(await refused.json()).message).toBe('Please select other contacts');
    expect(await server.db.select().from(executions).where(eq(executions.id, bobRun.id))).toHaveLength(1);

    const excluded = await call('DELETE', `/executions/delete?filter=${ids(adaRun.id)}`);
    expect(excluded.status).toBe(200);
    expect(await excluded.json()).toEqual({ count: 1 });

    // The row no longer lists the campaign; the other contact stays in it.
    const page = contactsPageAnswerSchema.parse(
      await (
        await call('GET', `/contacts/page?$filter=${ids(ada.id, bob.id)}&$orderby=full_name asc`)
      ).json(),
    );
    const campaignsOf = new Map(page.documents.map((contact) => [contact.id, contact.campaigns]));
    expect(campaignsOf.get(ada.id)).toEqual([]);
    expect(campaignsOf.get(bob.id)).toEqual([campaign.id]);
  });

  it('completes an execution once; another workspace gets a 404 and a malformed id a 4xx', async () => {
    const { call, ada, adaRun } = await runningPair();
    const completed = await call('PUT', `/executions/${adaRun.id}/complete`);
    expect(completed.status).toBe(200);
    const execution = executionSchema.parse(await completed.json());
    expect(execution.human_state).toBe('Cancelled by you');
    expect(execution.actions.complete).toEqual({
      enabled: false,
      hint: 'The conversation is already finished',
    });
    expect((await call('PUT', `/executions/${adaRun.id}/complete`)).status).toBe(422);

    // The inbox's right panel finds the contact's latest execution by the participant's entity id;
    // a cancelled conversation may be resumed once.
    await server.db.update(contacts).set({ linkedinEntityId: 'ACoAAada' }).where(eq(contacts.id, ada.id));
    const filter = encodeURIComponent("linkedin_contact/linkedin_entity_id eq 'ACoAAada'");
    const found = await call('GET', `/executions/page?$filter=${filter}&$orderby=created desc&$take=1`);
    const latest = executionsPageResponseSchema.parse(await found.json()).documents;
    expect(latest.map((each) => [each.id, each.actions.resume.enabled])).toEqual([[adaRun.id, true]]);
    const resumed = executionSchema.parse(
      await (await call('PUT', `/executions/${adaRun.id}/resume`)).json(),
    );
    expect(resumed.actions).toMatchObject({ resume: { enabled: false }, complete: { enabled: true } });

    const stranger = await signInNewAccount(server, { onboarded: true });
    const theirs = await callApi(server.url, 'PUT', `/executions/${adaRun.id}/complete`, stranger.token);
    expect(theirs.status).toBe(404);
    const malformed = await call('PUT', '/executions/not-a-uuid/complete');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });
});
