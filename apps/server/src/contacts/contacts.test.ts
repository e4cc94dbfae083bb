import {
  type ContactsPageAnswer,
  errorBodySchema,
  filterMaxLength,
  type StoredStep,
} from '@outpilot/contracts';
import { csvExampleFileName, renderTemplate } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executions } from '../db/schema.ts';
import { renderStepMessage, toLinkedinContact } from '../executions/to-execution-documents.ts';
import {
  addAudience,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  createImportList,
  getContactsPage,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

describe.each(testBackends())('contacts API on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const get = (path: string, token: string, query: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.url}/api/v1${path}?${new URLSearchParams(query)}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
  const page = (token: string, query: Record<string, string> = {}) =>
    getContactsPage(server.url, token, query);
  const names = (answer: ContactsPageAnswer) => answer.documents.map((document) => document.full_name);
  async function refusal(response: Response) {
    const body = errorBodySchema.parse(await response.json());
    return { status: response.status, body };
  }
  it('answers 403 without a token', async () => {
    const response = await fetch(`${server.url}/api/v1/contacts/page`);
    expect(response.status).toBe(403);
  });

  it('pages with the default order (imported desc), totals and tenancy', async () => {
    const { account, token } = await signInNewAccount(server);
    const other = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 30);
    await createContacts(server.db, other.account.personaId, 5, {});
    const first = await page(token);
    expect(first.total).toBe(30);
    expect(first.total_is_estimate).toBeUndefined();
    expect(first.documents).toHaveLength(25);
    const imported = first.documents.map((document) => document.imported);
    expect([...imported].sort().reverse()).toEqual(imported);
    const second = await page(token, { $take: '10', $skip: '25' });
    expect(second.documents).toHaveLength(5);
    expect(second.total).toBe(30);
    const otherPage = await page(other.token, { $take: '100' });
    expect(otherPage.total).toBe(5);
    const mine = new Set(first.documents.map((document) => document.id));
    expect(otherPage.documents.some((document) => mine.has(document.id))).toBe(false);
    const empty = await signInNewAccount(server);
    expect(await page(empty.token)).toEqual({ documents: [], total: 0 });
  });

  it('filters by each kind of field and orders with a tiebreaker', async () => {
    const { account, token } = await signInNewAccount(server);
    const list = await createImportList(server.db, account.personaId);
    const [alice, bob, carol] = await createContacts(server.db, account.personaId, [
      {
        fullName: 'Alice Zed',
        distance: 1,
        isPremium: true,
        location: 'Berlin, Germany',
        contactedAt: new Date('2026-02-10T00:00:00Z'),
        customField1: 'vip',
      },
      { fullName: 'Bob Young', distance: 2, location: 'Paris, France', contactedAt: null },
      { fullName: 'Carol Xu', distance: null, location: null, contactedAt: new Date('2026-01-05T00:00:00Z') },
    ]);
    if (!alice || !bob || !carol) throw new Error('seed failed');
    await createContacts(
      server.db,
      account.personaId,
      [{ fullName: 'Tagged Tim', distance: 3, location: 'Rome, Italy' }],
      {
        importListId: list.id,
      },
    );
    const filtered = async (filter: string, orderby = 'full_name asc') =>
      names(await page(token, { $filter: filter, $orderby: orderby }));

    expect(await filtered('distance in (1, 2)')).toEqual(['Alice Zed', 'Bob Young']);
    expect(await filtered('distance lt 2.5 and distance ne 1.5 and distance lt 99999')).toEqual([
      'Alice Zed',
      'Bob Young',
    ]);
    expect(await filtered('is_premium eq true')).toEqual(['Alice Zed']);
    expect(await filtered('distance eq null')).toEqual(['Carol Xu']);
    expect(await filtered('location ne null and distance ne 1')).toEqual(['Bob Young', 'Tagged Tim']);
    expect(await filtered('contacted gt 2026-02-01T00:00:00Z')).toEqual(['Alice Zed']);
    // Two-valued negation: never-contacted contacts are "not contacted after X".
    expect(await filtered('not (contacted gt 2026-02-01T00:00:00Z)')).toEqual([
      'Bob Young',
      'Carol Xu',
      'Tagged Tim',
    ]);
    expect(await filtered("custom_field_1 eq 'vip' or full_name eq 'Carol Xu'")).toEqual([
      'Alice Zed',
      'Carol Xu',
    ]);
    expect(await filtered(`id in ('${bob.id}', '${carol.id}')`)).toEqual(['Bob Young', 'Carol Xu']);
    expect(await filtered(`tags/any(t: t eq '${list.id}')`)).toEqual(['Tagged Tim']);
    expect(await filtered('tags/any()')).toEqual(['Tagged Tim']);
    expect(await filtered(`not tags/any(t: t eq '${list.id}')`)).toHaveLength(3);
    expect(await filtered(`campaigns/any(c: c eq '${list.id}')`)).toEqual([]);
    expect(await filtered(`not campaigns/any()`)).toHaveLength(4);
    expect(await filtered("location in ('Berlin, Germany', 'Paris, France')", 'location desc')).toEqual([
      'Bob Young',
      'Alice Zed',
    ]);
    expect(await filtered('imported ge 2026-01-01', 'contacted desc,full_name asc')).toEqual([
      'Bob Young',
      'Tagged Tim',
      'Alice Zed',
      'Carol Xu',
    ]);
    const tagged = await page(token, { $filter: `tags/any(t: t eq '${list.id}')` });
    expect(tagged.documents[0]?.tags).toEqual([list.id]);
    expect(tagged.documents[0]?.campaigns).toEqual([]);
  });

  it("filters by the state and step of the contact's execution in one campaign", async () => {
    const { account, token } = await signInNewAccount(server);
    const other = await signInNewAccount(server);
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    const second = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    const foreign = await createCampaignRow(server.db, other.account.personaId, { state: 'Running' });
    const [queued, awaiting, connected, responded, notStarted] = await createContacts(
      server.db,
      account.personaId,
      ['Queued Quinn', 'Awaiting Ava', 'Connected Cy', 'Responded Rae', 'Waiting Will'].map((fullName) => ({
        fullName,
      })),
    );
    if (!queued || !awaiting || !connected || !responded || !notStarted) throw new Error('seed failed');
    // Stored steps: 0 Connect, 1 Delay, 2 Message.
    await createExecutionRow(server.db, campaign, queued.id, { state: 'InQueue', stepIndex: 0 });
    await createExecutionRow(server.db, campaign, awaiting.id, { state: 'InProgress', stepIndex: 0 });
    await createExecutionRow(server.db, campaign, connected.id, { state: 'Succeed', stepIndex: 0 });
    await createExecutionRow(server.db, campaign, responded.id, { state: 'Succeed', stepIndex: 2 });
    await createExecutionRow(server.db, campaign, notStarted.id, { state: 'NotStarted' });
    // The same contact in progress elsewhere does not count for this campaign.
    await createExecutionRow(server.db, second, queued.id, { state: 'InProgress', stepIndex: 0 });
    const [stranger] = await createContacts(server.db, other.account.personaId, [{ fullName: 'Stranger' }]);
    if (!stranger) throw new Error('seed failed');
    await createExecutionRow(server.db, foreign, stranger.id, { state: 'InProgress', stepIndex: 0 });

    const inCampaign = async (condition: string, campaignId = campaign.id) =>
      names(
        await page(token, {
          $filter: `executions/any(e: e/campaign_id eq '${campaignId}' and ${condition})`,
          $orderby: 'full_name asc',
        }),
      );
    expect(await inCampaign("e/state in ('InQueue', 'InProgress')")).toEqual([
      'Awaiting Ava',
      'Queued Quinn',
    ]);
    expect(await inCampaign("e/state eq 'NotStarted'")).toEqual(['Waiting Will']);
    // Status as the step words it: Connected is Succeed on a Connect, Responded on another step.
    expect(await inCampaign("e/state eq 'Succeed' and e/step_type eq 'Connect'")).toEqual(['Connected Cy']);
    expect(await inCampaign("e/state eq 'Succeed' and e/step_type ne 'Connect'")).toEqual(['Responded Rae']);
    expect(await inCampaign("e/state eq 'InProgress'", second.id)).toEqual(['Queued Quinn']);
    // Another workspace's campaign id finds none of its contacts.
    expect(await inCampaign("e/state eq 'InProgress'", foreign.id)).toEqual([]);
    expect(
      names(await page(token, { $filter: `not executions/any(e: e/campaign_id eq '${campaign.id}')` })),
    ).toEqual([]);
    expect((await page(token, { $filter: 'executions/any()' })).total).toBe(5);
  });

  it("answers each contact's country, the value the engine puts in {country} (the editor's preview)", async () => {
    const { account, token } = await signInNewAccount(server);
    const campaign = await createCampaignRow(server.db, account.personaId);
    const seeded = await createContacts(server.db, account.personaId, [
      { fullName: 'Ana Lisbon', country: 'Portugal' },
      { fullName: 'No Country', country: null },
    ]);
    await addAudience(
      server.db,
      campaign,
      seeded.map((contact) => contact.id),
    );
    // The steps editor's query for its preview contact: the campaign's contacts.
    const answer = await page(token, {
      $filter: `campaigns/any(c: c eq '${campaign.id}')`,
      $orderby: 'full_name asc',
    });
    expect(answer.documents.map(({ full_name, country }) => ({ full_name, country }))).toEqual([
      { full_name: 'Ana Lisbon', country: 'Portugal' },
      { full_name: 'No Country', country: null },
    ]);
    const note: StoredStep = { type: 'Connect', message_template: 'Hello from {country}!', timeout: 14_400 };
    for (const contact of seeded) {
      const document = answer.documents.find((candidate) => candidate.id === contact.id);
      expect(renderTemplate('Hello from {country}!', { country: document?.country })).toBe(
        renderStepMessage(note, toLinkedinContact(contact)),
      );
    }
  });

  it('refuses unknown execution fields and values in the filter with 422', async () => {
    const { token } = await signInNewAccount(server);
    const cases: [string, RegExp][] = [
      ["executions/any(e: e/password eq 'x')", /Unknown field "e\/password" inside executions\/any\(\)/],
      ["executions/any(e: e eq 'x')", /Unknown field "e" inside executions/],
      ["executions/any(e: e/state eq 'Sleeping')", /executions state needs one of NotStarted, InQueue/],
      ["executions/any(e: e/step_type in ('Connect', 'Dance'))", /one of Connect/],
      ["executions/any(e: e/campaign_id eq 'abc')", /needs an id/],
      ["executions/any(e: e/state gt 'InQueue')", /Operator gt cannot be used/],
      ["executions/any(e: full_name eq 'x')", /Unknown field "full_name" inside executions/],
      ["executions/any(e: e/campaign/any(c: c eq 'x'))", /./],
      ["executions eq 'x'", /Use executions\/any/],
    ];
    for (const [filter, message] of cases) {
      const { status, body } = await refusal(await get('/contacts/page', token, { $filter: filter }));
      expect(status, filter).toBe(422);
      expect(body.message, filter).toMatch(message);
      expect(body.errors?.[0]?.field).toBe('$filter');
    }
  });

  it('searches keywords literally, with * as a wildcard', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, [
      { fullName: "Dan O'Neil", occupation: '100% remote' },
      { fullName: 'Eve Under_score', lastJob: 'Back\\slash Ltd' },
      { fullName: 'Fay Plain', occupation: '100 percent remote', location: 'Rome, Italy' },
    ]);
    const search = async (keywords: string) =>
      names(await page(token, { keywords, $orderby: 'full_name asc' }));
    expect(await search("o'neil")).toEqual(["Dan O'Neil"]);
    expect(await search('100%')).toEqual(["Dan O'Neil"]);
    expect(await search('_')).toEqual(['Eve Under_score']);
    expect(await search('back\\\\slash')).toEqual(['Eve Under_score']);
    expect(await search('100*remote')).toEqual(["Dan O'Neil", 'Fay Plain']);
    expect(await search('ROME')).toEqual(['Fay Plain']);
    expect(names(await page(token, { $searchQuery: 'plain' }))).toEqual(['Fay Plain']);
    expect(await search('%')).toEqual(["Dan O'Neil"]);
  });

  it('refuses hostile or malformed queries with 422 and the reason', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 2);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ $filter: "password eq 'x'" }, '$filter', /Unknown field "password"/],
      [{ $filter: "full_name eq 'x'; drop table contacts; --" }, '$filter', /./],
      [{ $filter: "1 eq 1) or (full_name eq 'x'" }, '$filter', /./],
      [{ $filter: "(full_name eq 'x'" }, '$filter', /./],
      [{ $filter: 'distance gt 1e999' }, '$filter', /./],
      [{ $filter: 'contacted gt 0000-01-01T00:00:00Z' }, '$filter', /./],
      [{ $filter: `${'('.repeat(200)}distance eq 1${')'.repeat(200)}` }, '$filter', /./],
      [{ $filter: Array.from({ length: 300 }, () => 'distance eq 1').join(' or ') }, '$filter', /./],
      [{ $filter: 'x'.repeat(filterMaxLength + 1) }, '$filter', /too long/],
      [{ $orderby: 'password asc' }, '$orderby', /Cannot sort by/],
      [{ $orderby: 'full_name; drop' }, '$orderby', /./],
      [{ $take: '-1' }, '$take', /negative/],
      [{ $take: '1000' }, '$take', /at most 100/],
      [{ $skip: '99999999999' }, '$skip', /at most/],
      [{ $take: 'abc' }, '$take', /whole number/],
      [{ keywords: 'x'.repeat(201) }, 'keywords', /./],
      [{ $filter: "full_name eq 'a\u0000b'" }, '$filter', /NUL/],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await refusal(await get('/contacts/page', token, query));
      expect(status, JSON.stringify(query).slice(0, 80)).toBe(422);
      expect(body.message).toMatch(message);
      expect(body.errors?.[0]?.field).toBe(field);
    }
    expect((await page(token)).total).toBe(2);
  });

  it('caps the total above 10,000 matches and flags it as an estimate', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 10_050);
    const answer = await page(token, { $take: '10' });
    expect(answer.total_is_estimate).toBe(true);
    expect(answer.total).toBeGreaterThan(10_000);
    expect(answer.documents).toHaveLength(10);
    const exact = await page(token, { $filter: "full_name eq 'Anna Meyer'", $take: '10' });
    expect(exact.total_is_estimate).toBeUndefined();
    expect(exact.total).toBeGreaterThan(100);
  }, 60_000);

  it('exports a streamed CSV with BOM, quoting, formula guard and the file name', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, [
      {
        fullName: 'Quote "Q" Person',
        firstName: '=cmd|calc',
        lastName: 'Semi;colon',
        linkedinPublicIdentifier: 'q-person',
      },
    ]);
    await createContacts(server.db, account.personaId, 2500);
    const response = await get('/contacts/export', token, { $orderby: 'full_name asc', $take: '10' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Outpilot_Export_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2502);
    expect(lines[0]).toMatch(/^"LinkedIn Profile","First Name","Last Name"/);
    const quoted = lines.find((line) => line.includes('q-person'));
    expect(quoted).toContain(`"'=cmd|calc","Semi;colon"`);
    expect(quoted).toContain('"Quote ""Q"" Person"');

    const filtered = await get('/contacts/export', token, { $filter: "full_name eq 'nobody'" });
    expect((await filtered.text()).split('\r\n').filter(Boolean)).toHaveLength(1);
    const bad = await refusal(await get('/contacts/export', token, { $filter: 'nope eq 1' }));
    expect(bad.status).toBe(422);
  });

  it('serves the CSV example as a download', async () => {
    const { token } = await signInNewAccount(server);
    const response = await get('/contacts/csv-example', token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename="${csvExampleFileName}"`);
    const text = await response.text();
    expect(text).toContain('LinkedIn Profile');
    expect(text).toContain('linkedin.com/in/');
  });

  it('lists distinct matching locations', async () => {
    const { account, token } = await signInNewAccount(server);
    const other = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, [
      { location: 'Berlin, Germany' },
      { location: 'Berlin, Germany' },
      { location: 'Bern, Switzerland' },
      { location: '100% Remote' },
      { location: null },
    ]);
    await createContacts(server.db, other.account.personaId, [{ location: 'Bergen, Norway' }]);
    const locations = async (query: Record<string, string>) => {
      const response = await get('/contacts/locations', token, query);
      expect(response.status).toBe(200);
      return ((await response.json()) as { documents: string[] }).documents;
    };
    expect(await locations({})).toEqual(['100% Remote', 'Berlin, Germany', 'Bern, Switzerland']);
    expect(await locations({ searchQuery: 'ber' })).toEqual(['Berlin, Germany', 'Bern, Switzerland']);
    expect(await locations({ searchQuery: 'ber', take: '1' })).toEqual(['Berlin, Germany']);
    expect(await locations({ searchQuery: '%' })).toEqual(['100% Remote']);
    const bad = await refusal(await get('/contacts/locations', token, { take: '-3' }));
    expect(bad.status).toBe(422);
  });

  it('previews and deletes the selected contacts only', async () => {
    const { account, token } = await signInNewAccount(server);
    const other = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, [
      { fullName: 'Keep Me', distance: 1 },
      { fullName: 'Drop One', distance: 2 },
      { fullName: 'Drop Two', distance: 2 },
    ]);
    await createContacts(server.db, other.account.personaId, [{ fullName: 'Drop Other', distance: 2 }]);
    const preview = await get('/contacts/delete/preview', token, { filter: 'distance eq 2' });
    expect(await preview.json()).toEqual({ validation_rules_summary: [], valid_audience_count: 2 });
    const searched = await get('/contacts/delete/preview', token, { searchQuery: 'drop two' });
    expect(await searched.json()).toEqual({ validation_rules_summary: [], valid_audience_count: 1 });
    const deleted = await get('/contacts', token, { filter: 'distance eq 2' }, 'DELETE');
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted_count: 2 });
    expect(names(await page(token))).toEqual(['Keep Me']);
    expect((await page(other.token)).total).toBe(1);
    const none = await refusal(await get('/contacts', token, { filter: 'distance eq 3' }, 'DELETE'));
    expect(none).toMatchObject({ status: 422, body: { message: 'Please select other contacts' } });
    const hostile = await refusal(await get('/contacts', token, { filter: 'persona_id ne null' }, 'DELETE'));
    expect(hostile.status).toBe(422);
    expect((await page(token)).total).toBe(1);
  });

  it('a deleted contact leaves the campaigns it ran in: its executions go with its audience rows', async () => {
    const { account, token } = await signInNewAccount(server);
    const [gone, kept] = await createContacts(server.db, account.personaId, [
      { fullName: 'Gone Contact', distance: 2 },
      { fullName: 'Kept Contact', distance: 1 },
    ]);
    if (!gone || !kept) throw new Error('contacts not created');
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Completed' });
    await createExecutionRow(server.db, campaign, gone.id, { state: 'Succeed', stepIndex: 0 });
    await createExecutionRow(server.db, campaign, kept.id, { state: 'Succeed', stepIndex: 0 });
    const deleted = await get('/contacts', token, { filter: 'distance eq 2' }, 'DELETE');
    expect(await deleted.json()).toEqual({ deleted_count: 1 });
    const left = await server.db
      .select({ contactId: executions.contactId })
      .from(executions)
      .where(eq(executions.campaignId, campaign.id));
    expect(left).toEqual([{ contactId: kept.id }]);
  });
});
