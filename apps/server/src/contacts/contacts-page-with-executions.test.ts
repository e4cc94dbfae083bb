import { contactsPageAnswerSchema, errorBodySchema, executionsPageResponseSchema } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
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
 * GET contacts/page with `with_execution_of`: the campaign contacts page and its Status column in
 * one call (issue 21). Each contact carries the same execution document executions/page answers.
 */
describe.each(testBackends())('contacts/page with_execution_of on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  async function runningCampaign() {
    const { account, token } = await signInNewAccount(server, { onboarded: true });
    const [ada, bob, cyd] = await createContacts(server.db, account.personaId, 3);
    if (!ada || !bob || !cyd) throw new Error('no contacts');
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    await addAudience(server.db, campaign, [ada.id, bob.id, cyd.id]);
    await createExecutionRow(server.db, campaign, ada.id, {
      state: 'InQueue',
      stepIndex: 0,
      stepStates: { '1': 'InQueue' },
    });
    await createExecutionRow(server.db, campaign, bob.id, {
      state: 'Succeed',
      stepIndex: 1,
      stepStates: { '1': 'Succeed', '2': 'Succeed' },
    });
    const call = (path: string) => callApi(server.url, 'GET', path, token);
    return { call, campaign, ada, bob, cyd };
  }

  const campaignPage = (campaignId: string, extra = '') =>
    `/contacts/page?$filter=${encodeURIComponent(`campaigns/any(c: c eq '${campaignId}')`)}&$orderby=full_name asc${extra}`;

  it("answers each contact's execution in the campaign, as executions/page answers it", async () => {
    const { call, campaign, ada, bob, cyd } = await runningCampaign();
    const response = await call(campaignPage(campaign.id, `&with_execution_of=${campaign.id}`));
    expect(response.status).toBe(200);
    const page = contactsPageAnswerSchema.parse(await response.json());
    expect(page.total).toBe(3);

    const filter = encodeURIComponent(`contact_id in ('${ada.id}', '${bob.id}', '${cyd.id}')`);
    const executions = executionsPageResponseSchema.parse(
      await (await call(`/executions/page?campaign_id=${campaign.id}&$filter=${filter}`)).json(),
    ).documents;
    const executionOf = new Map(executions.map((execution) => [execution.linkedin_contact.id, execution]));
    expect(executions).toHaveLength(2);
    for (const contact of page.documents)
      expect(contact.execution, contact.full_name).toEqual(executionOf.get(contact.id) ?? null);
    const stateOf = new Map(page.documents.map((contact) => [contact.id, contact.execution?.state ?? null]));
    expect([stateOf.get(ada.id), stateOf.get(bob.id), stateOf.get(cyd.id)]).toEqual([
      'InQueue',
      'Succeed',
      null,
    ]);
  });

  it('leaves the execution out when not asked, and never shows another workspace its executions', async () => {
    const { call, campaign } = await runningCampaign();
    const plain = (await (await call(campaignPage(campaign.id))).json()) as { documents: object[] };
    expect(plain.documents).toHaveLength(3);
    for (const contact of plain.documents) expect(contact).not.toHaveProperty('execution');

    const stranger = await signInNewAccount(server, { onboarded: true });
    await createContacts(server.db, stranger.account.personaId, 1);
    const theirs = contactsPageAnswerSchema.parse(
      await (
        await callApi(server.url, 'GET', `/contacts/page?with_execution_of=${campaign.id}`, stranger.token)
      ).json(),
    );
    expect(theirs.documents.map((contact) => contact.execution)).toEqual([null]);
  });

  it('refuses a with_execution_of that is not a campaign id with a 422', async () => {
    const { call } = await runningCampaign();
    const refused = await call('/contacts/page?with_execution_of=first');
    expect(refused.status).toBe(422);
    expect(errorBodySchema.parse(await refused.json()).message).toContain(
      'with_execution_of must be a campaign id',
    );
  });
});
