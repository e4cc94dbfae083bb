import { executionsPageResponseSchema } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { executions } from '../db/schema.ts';
import { exportChunkSize } from '../list-query/stream-csv-by-ids.ts';
import {
  addAudience,
  callApi,
  createCampaignRow,
  createContacts,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/** GET executions/export: the campaign view's 'Export Contacts' (seed 001 §3, §7). */
describe.each(testBackends())('executions export on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  /** A running campaign whose contacts are more than one chunk of the export. */
  async function bigCampaign(contactCount: number) {
    const { account, token: accessToken } = await signInNewAccount(server, { onboarded: true });
    const contacts = await createContacts(server.db, account.personaId, contactCount);
    const campaign = await createCampaignRow(server.db, account.personaId, {
      name: 'Autumn',
      state: 'Running',
    });
    await addAudience(
      server.db,
      campaign,
      contacts.map((contact) => contact.id),
    );
    await server.db.insert(executions).values(
      contacts.map((contact) => ({
        personaId: account.personaId,
        campaignId: campaign.id,
        contactId: contact.id,
        state: 'InQueue' as const,
        stepIndex: 0,
      })),
    );
    return { token: accessToken, campaign };
  }

  const lines = (body: string) => body.replace('\uFEFF', '').trimEnd().split('\r\n');

  it('exports every contact of a campaign larger than one chunk, in the requested order', async () => {
    const contactCount = exportChunkSize * 2 + 5;
    const { token, campaign } = await bigCampaign(contactCount);
    const query = new URLSearchParams({ campaign_id: campaign.id, orderby: 'full_name desc' });

    const response = await callApi(server.url, 'GET', `/executions/export?${query}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Outpilot_Export_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.csv"/,
    );
    const rows = lines(await response.text());
    expect(rows[0]).toBe(
      '"Full name","Profile URL","Headline","Company","Location","Campaign","Status","Step","Conversation"',
    );
    expect(rows).toHaveLength(contactCount + 1);
    expect(rows.slice(1).every((row) => row.includes('"Autumn"'))).toBe(true);
    // Every contact once: the profile URLs are all different.
    expect(new Set(rows.slice(1).map((row) => row.split('","')[1])).size).toBe(contactCount);

    // The file's order is the page's order for the same query.
    const page = await callApi(
      server.url,
      'GET',
      `/executions/page?${new URLSearchParams({ campaign_id: campaign.id, $orderby: 'full_name desc', $take: '50' })}`,
      token,
    );
    const documents = executionsPageResponseSchema.parse(await page.json()).documents;
    expect(rows.slice(1, 51).map((row) => row.split('","')[1])).toEqual(
      documents.map((document) => document.linkedin_contact.profile_url),
    );
  });

  it('narrows to the filter and refuses a bad one with 422 before any row', async () => {
    const { token, campaign } = await bigCampaign(3);
    const filtered = await callApi(
      server.url,
      'GET',
      `/executions/export?${new URLSearchParams({ campaign_id: campaign.id, filter: "state eq 'Succeed'" })}`,
      token,
    );
    expect(filtered.status).toBe(200);
    expect(lines(await filtered.text())).toHaveLength(1);

    const refused = await callApi(
      server.url,
      'GET',
      `/executions/export?${new URLSearchParams({ campaign_id: campaign.id, filter: 'nope eq 1' })}`,
      token,
    );
    expect(refused.status).toBe(422);
  });
});
