import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, createCampaignRow, signInNewAccount, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { crmBetaOnlyMessage } from './crm-beta.ts';

const settingsPath = (campaignId: string) => `/campaigns/${campaignId}/settings/hubspot`;
const optionsPath = (property: string) => `/integrations/hubspot/contacts/properties/${property}/options`;

async function answer(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const body: any = await response.json();
  return { status: response.status, body };
}

describe.each(testBackends())('CRM settings on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const call = async (method: string, path: string, token: string, body?: unknown) =>
    answer(await callApi(server.url, method, path, token, body));

  async function campaignOfNewUser() {
    const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    const campaign = await createCampaignRow(server.db, account.personaId);
    return { token, campaign };
  }

  it("answers each property's visible options from the HubSpot portal, retired ones left out", async () => {
    const { token } = await campaignOfNewUser();
    const source = await call('GET', optionsPath('lead_source'), token);
    expect(source.status).toBe(200);
    expect(source.body.options.map((option: { value: string }) => option.value)).toEqual([
      'linkedin_outreach',
      'outbound_prospecting',
      'referral',
      'event',
      'webinar',
      'partner',
    ]);
    expect(source.body.options[0]).toEqual({ label: 'LinkedIn outreach', value: 'linkedin_outreach' });
    const subSource = await call('GET', optionsPath('contact_sub_source'), token);
    expect(subSource.body.options).toHaveLength(6);
    expect(subSource.body.options).not.toContainEqual(expect.objectContaining({ value: 'cold_call' }));

    const other = await call('GET', optionsPath('jobtitle'), token);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('The property must be one of lead_source, contact_sub_source');
  });

  it('stores the static fields, answers them in a fixed order and keeps them on a clone', async () => {
    const { token, campaign } = await campaignOfNewUser();
    expect(await call('GET', settingsPath(campaign.id), token)).toEqual({
      status: 200,
      body: { static_fields: [] },
    });

    const saved = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: [
        { key: 'contact_sub_source', values: ['inmail'] },
        { key: 'lead_source', values: [' referral ', 'linkedin_outreach', 'referral'] },
      ],
    });
    const expected = {
      static_fields: [
        { key: 'lead_source', values: ['referral', 'linkedin_outreach'] },
        { key: 'contact_sub_source', values: ['inmail'] },
      ],
    };
    expect(saved).toEqual({ status: 200, body: expected });
    expect((await call('GET', settingsPath(campaign.id), token)).body).toEqual(expected);

    const clone = await call('PUT', `/campaigns/${campaign.id}/clone`, token);
    expect(clone.status).toBe(200);
    expect((await call('GET', settingsPath(clone.body.id), token)).body).toEqual(expected);

    // Clearing Sub Source (no values) drops it; the clone keeps its own copy.
    const cleared = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: [
        { key: 'lead_source', values: ['event'] },
        { key: 'contact_sub_source', values: [] },
      ],
    });
    expect(cleared.body).toEqual({ static_fields: [{ key: 'lead_source', values: ['event'] }] });
    expect((await call('GET', settingsPath(clone.body.id), token)).body).toEqual(expected);
  });

  it('refuses values the portal does not offer, two Sub Sources and a property given twice, changing nothing', async () => {
    const { token, campaign } = await campaignOfNewUser();
    const stored = { static_fields: [{ key: 'lead_source', values: ['partner'] }] };
    await call('PUT', settingsPath(campaign.id), token, stored);

    const unknownValue = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: [{ key: 'lead_source', values: ['referral', 'trade_show', 'nope'] }],
    });
    expect(unknownValue.status).toBe(422);
    expect(unknownValue.body.errors).toEqual([
      { field: 'static_fields.0.values', description: "'trade_show' is not an option of Source in HubSpot" },
      { field: 'static_fields.0.values', description: "'nope' is not an option of Source in HubSpot" },
    ]);

    const twoSubSources = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: [{ key: 'contact_sub_source', values: ['inmail', 'group_member'] }],
    });
    expect(twoSubSources.status).toBe(422);
    expect(twoSubSources.body.message).toBe('Sub Source takes one value');

    const twice = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: [
        { key: 'lead_source', values: ['event'] },
        { key: 'lead_source', values: ['webinar'] },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual([
      { field: 'static_fields.1.key', description: 'Source is given twice' },
    ]);

    const unknownKey = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: [{ key: 'hs_lead_status', values: ['NEW'] }],
    });
    expect(unknownKey.status).toBe(422);
    expect(unknownKey.body.errors[0].field).toBe('static_fields.0.key');

    const notAList = await call('PUT', settingsPath(campaign.id), token, {
      static_fields: 'lead_source=event',
    });
    expect(notAList.status).toBe(422);

    expect((await call('GET', settingsPath(campaign.id), token)).body).toEqual(stored);
  });

  it("answers 404 for another workspace's campaign and an unknown one, 422 for a malformed id", async () => {
    const owner = await campaignOfNewUser();
    const stranger = await campaignOfNewUser();
    const body = { static_fields: [{ key: 'lead_source', values: ['event'] }] };
    expect((await call('GET', settingsPath(owner.campaign.id), stranger.token)).status).toBe(404);
    expect((await call('PUT', settingsPath(owner.campaign.id), stranger.token, body)).status).toBe(404);
    expect((await call('GET', settingsPath(owner.campaign.id), owner.token)).body).toEqual({
      static_fields: [],
    });
    expect((await call('GET', settingsPath(randomUUID()), owner.token)).status).toBe(404);
    expect((await call('GET', settingsPath('not-a-uuid'), owner.token)).status).toBe(422);
    expect((await callApi(server.url, 'GET', settingsPath(owner.campaign.id))).status).toBe(403);
  });
});

describe('CRM settings beyond the beta list', () => {
  const server = testServerForSuite(undefined, {
    env: { CRM_BETA_LIST: `${randomUUID()}, ${randomUUID()}` },
  });

  it('refuses every CRM call of a persona that is not listed, and tells the app the list', async () => {
    const { account, token: accessToken } = await signInNewAccount(server, {
      onboarded: true,
      clock: server.clock,
    });
    const campaign = await createCampaignRow(server.db, account.personaId);
    for (const [method, path, body] of [
      ['GET', settingsPath(campaign.id), undefined],
      ['PUT', settingsPath(campaign.id), { static_fields: [] }],
      ['GET', optionsPath('lead_source'), undefined],
    ] as const) {
      expect(await answer(await callApi(server.url, method, path, accessToken, body))).toEqual({
        status: 403,
        body: { name: 'NotAuthorized', message: crmBetaOnlyMessage },
      });
    }
    const config = await answer(await callApi(server.url, 'GET', '/client-config'));
    expect(config.body.crmBetaList).toEqual(server.config.crmBetaList);
    expect(config.body.crmBetaList).toHaveLength(2);
  });
});
