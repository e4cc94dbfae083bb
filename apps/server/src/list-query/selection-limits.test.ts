import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createCampaignRow,
  createContacts,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/** The filter the app sends for rows picked one by one ('N of M selected'), quoted as it quotes them. */
const idsFilter = (ids: readonly string[]) => `id in (${ids.map((id) => `'${id}'`).join(', ')})`;

/**
 * Seed 002 §9 'Filter keys searched up to 1000': a selection of up to 1,000 picked contacts works
 * in every call that takes one, although its filter is about 40,000 characters and its URL about
 * 50 KB; one more is refused with the limit's own message.
 */
describe.each(testBackends())('selections of 1,000 picked rows on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);
  let token: string;
  let ids: string[];
  let campaignId: string;
  beforeAll(async () => {
    const { account, token: accessToken } = await signInNewAccount(server, {
      onboarded: true,
      clock: server.clock,
    });
    token = accessToken;
    ids = (await createContacts(server.db, account.personaId, 1001)).map((contact) => contact.id);
    campaignId = (await createCampaignRow(server.db, account.personaId)).id;
  });

  const get = async (path: string, query: Record<string, string>) => {
    const response = await callApi(server.url, 'GET', `${path}?${new URLSearchParams(query)}`, token);
    return { status: response.status, text: await response.text() };
  };

  it('pages, exports, previews a delete and adds to a campaign 1,000 picked contacts', async () => {
    const filter = idsFilter(ids.slice(0, 1000));
    expect(filter.length).toBeGreaterThan(40_000);

    const page = await get('/contacts/page', { $filter: filter, $take: '10' });
    expect(page.status).toBe(200);
    expect(JSON.parse(page.text).total).toBe(1000);

    const exported = await get('/contacts/export', { $filter: filter });
    expect(exported.status).toBe(200);
    expect(exported.text.trimEnd().split('\r\n')).toHaveLength(1 + 1000);

    const deletePreview = await get('/contacts/delete/preview', { filter });
    expect(deletePreview.status).toBe(200);
    expect(JSON.parse(deletePreview.text).valid_audience_count).toBe(1000);

    const audiencePreview = await get(`/campaigns/${campaignId}/target_audience/preview`, { filter });
    expect(JSON.parse(audiencePreview.text)).toMatchObject({ valid_count: 1000, invalid_count: 0 });
    const added = await callApi(server.url, 'PUT', `/campaigns/${campaignId}/target_audience`, token, {
      filter,
    });
    expect(await added.json()).toEqual({ count: 1000 });

    // The campaign contacts page and its exclusion take the same kind of selection.
    const executions = await get('/executions/page', {
      $filter: `campaign_id eq ${campaignId} and ${idsFilter(Array.from({ length: 999 }, () => randomUUID()))}`,
    });
    expect(executions.status).toBe(200);
    const exclusion = await get('/executions/delete/preview', {
      filter: idsFilter(Array.from({ length: 1000 }, () => randomUUID())),
    });
    expect(exclusion.status).toBe(200);
  });

  it('refuses 1,001 picked contacts with the limit, in every call', async () => {
    const filter = idsFilter(ids);
    const message = 'Too many values in the list at 3 (at most 1000)';
    for (const [path, query] of [
      ['/contacts/page', { $filter: filter }],
      ['/contacts/export', { $filter: filter }],
      ['/contacts/delete/preview', { filter }],
      [`/campaigns/${campaignId}/target_audience/preview`, { filter }],
    ] as const) {
      const answer = await get(path, query);
      expect(answer.status, path).toBe(422);
      expect(JSON.parse(answer.text).message, path).toBe(message);
    }
  });
});
