import { contactSortableFields, errorBodySchema } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../db/schema.ts';
import { cursorTexts } from '../list-query/list-cursor.ts';
import {
  addAudience,
  type ContactSeed,
  callApi,
  createCampaignRow,
  createContacts,
  getContactsPage,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

describe.each(testBackends())('contacts/page keyset cursor on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const get = (token: string, query: Record<string, string>) =>
    callApi(server.url, 'GET', `/contacts/page?${new URLSearchParams(query)}`, token);
  const page = (token: string, query: Record<string, string>) => getContactsPage(server.url, token, query);
  async function refusal(token: string, query: Record<string, string>) {
    const response = await get(token, query);
    return { status: response.status, body: errorBodySchema.parse(await response.json()) };
  }

  /** Every id of the list, page by page with $skip. */
  async function walkBySkip(token: string, query: Record<string, string>, take: number) {
    const ids: string[] = [];
    for (let skip = 0; ; skip += take) {
      const answer = await page(token, { ...query, $take: String(take), $skip: String(skip) });
      ids.push(...answer.documents.map((document) => document.id));
      if (answer.documents.length < take) return ids;
    }
  }

  /** Every id of the list, following next_cursor from the first page until it is absent. */
  async function walkByCursor(token: string, query: Record<string, string>, take: number) {
    const ids: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 1000; pages += 1) {
      const answer = await page(token, {
        ...query,
        $take: String(take),
        ...(after ? { $after: after } : {}),
      });
      ids.push(...answer.documents.map((document) => document.id));
      after = answer.next_cursor;
      if (after === undefined) return ids;
      expect(answer.documents).toHaveLength(take);
    }
    throw new Error('walkByCursor: no last page');
  }

  /**
   * A workspace whose contacts tie on every sortable field and have nulls in the nullable ones:
   * names, texts and dates repeat in small cycles, dates in groups of three with one value a
   * microsecond apart (a cursor must keep the database's precision, not JavaScript's).
   */
  async function workspaceWithTiesAndNulls() {
    const { account, token: accessToken } = await signInNewAccount(server);
    const text = (index: number, period: number) => [null, 'alpha', 'beta', 'alpha'][index % period] ?? null;
    const base = Date.parse('2026-03-01T00:00:00Z');
    const seeds: ContactSeed[] = Array.from({ length: 17 }, (_, index) => ({
      fullName: ['Ann Lee', 'Bob Ray', 'Bob Ray', 'Cy Fox'][index % 4] as string,
      occupation: text(index, 3),
      location: text(index, 4),
      customField1: text(index, 2),
      customField2: text(index + 1, 3),
      customField3: index % 5 === 0 ? 'only some' : null,
      contactedAt: index % 3 === 0 ? null : new Date(base + (index % 2) * 60_000),
      importedAt: new Date(base + Math.floor(index / 3) * 1000),
      createdAt: new Date(base - Math.floor(index / 4) * 1000),
    }));
    const created = await createContacts(server.db, account.personaId, seeds);
    const nudged = created.filter((_, index) => index % 3 === 1).map((row) => row.id);
    await server.db.execute(
      sql`update ${contacts} set imported_at = imported_at + interval '1 microsecond'
        where ${contacts.id} in (${sql.join(
          nudged.map((id) => sql`${id}::uuid`),
          sql.raw(', '),
        )})`,
    );
    return { account, token: accessToken, count: seeds.length };
  }

  it('walks every sortable field, both ways, to the same rows as $skip (ties and nulls)', async () => {
    const { token, count } = await workspaceWithTiesAndNulls();
    for (const field of contactSortableFields) {
      for (const direction of ['asc', 'desc']) {
        const query = { $orderby: `${field} ${direction}` };
        const bySkip = await walkBySkip(token, query, 4);
        expect(bySkip, `${field} ${direction}`).toHaveLength(count);
        expect(await walkByCursor(token, query, 4), `${field} ${direction}`).toEqual(bySkip);
      }
    }
  });

  it('walks an order of several fields in mixed directions the same way', async () => {
    const { token, count } = await workspaceWithTiesAndNulls();
    for (const orderby of [
      'full_name asc, contacted desc',
      'occupation desc, custom_field_1 asc, imported desc',
    ]) {
      const bySkip = await walkBySkip(token, { $orderby: orderby }, 3);
      expect(bySkip).toHaveLength(count);
      expect(await walkByCursor(token, { $orderby: orderby }, 3), orderby).toEqual(bySkip);
    }
  });

  it('keeps the filter and the keyword search while following the cursor', async () => {
    const { token } = await workspaceWithTiesAndNulls();
    const query = {
      $filter: "full_name ne 'Cy Fox' and contacted ne null",
      keywords: 'ray',
      $orderby: 'contacted asc',
    };
    const bySkip = await walkBySkip(token, query, 2);
    expect(bySkip.length).toBeGreaterThan(2);
    expect(await walkByCursor(token, query, 2)).toEqual(bySkip);
    const everyMatch = await page(token, { ...query, $take: '100' });
    expect(everyMatch.documents.every((document) => document.full_name === 'Bob Ray')).toBe(true);
    expect(everyMatch.documents.every((document) => document.contacted !== null)).toBe(true);
    expect(everyMatch.next_cursor).toBeUndefined();
  });

  it('answers no cursor on the last page and the same total on every page', async () => {
    const { token, count } = await workspaceWithTiesAndNulls();
    const first = await page(token, { $take: '10' });
    expect(first.total).toBe(count);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await page(token, { $take: '10', $after: first.next_cursor as string });
    expect(second.total).toBe(count);
    expect(second.documents).toHaveLength(count - 10);
    expect(second.next_cursor).toBeUndefined();
    // A page reached by $skip also answers the cursor of its last row.
    const bySkip = await page(token, { $take: '5', $skip: '5' });
    const next = await page(token, { $take: '5', $after: bySkip.next_cursor as string });
    expect(next.documents.map((document) => document.id)).toEqual(
      (await page(token, { $take: '5', $skip: '10' })).documents.map((document) => document.id),
    );
  });

  it('refuses a bad, forged or foreign cursor with 422 on $after', async () => {
    const { token } = await workspaceWithTiesAndNulls();
    const first = await page(token, { $take: '3', $orderby: 'full_name asc' });
    const cursor = first.next_cursor as string;
    const [body = '', signature = ''] = cursor.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify([1, 'full_name asc', ["x'); drop table contacts; --"], 'not-a-uuid']),
    ).toString('base64url');
    for (const bad of [
      'nonsense',
      '',
      `${body}.`,
      `${body}.${signature}x`,
      `${forgedBody}.${signature}`,
      `${cursor}.x`,
    ]) {
      const answer = await refusal(token, { $take: '3', $orderby: 'full_name asc', $after: bad });
      expect(answer.status, bad).toBe(422);
      expect(answer.body.errors?.[0]).toEqual({ field: '$after', description: cursorTexts.invalid });
    }
    const otherOrder = await refusal(token, { $take: '3', $orderby: 'full_name desc', $after: cursor });
    expect(otherOrder.status).toBe(422);
    expect(otherOrder.body.message).toBe(cursorTexts.otherOrder);
    const withSkip = await refusal(token, {
      $take: '3',
      $skip: '3',
      $orderby: 'full_name asc',
      $after: cursor,
    });
    expect(withSkip).toMatchObject({ status: 422, body: { message: cursorTexts.withSkip } });
    const tooLong = await refusal(token, { $after: 'x'.repeat(9000) });
    expect(tooLong.status).toBe(422);
  });

  it("reads a campaign's pages past the middle from its end: the same rows, its exact total", async () => {
    const { account, token, count } = await workspaceWithTiesAndNulls();
    const everyId = (await page(token, { $take: '100' })).documents.map((document) => document.id);
    // All but two of the workspace's contacts are in the campaign.
    const campaign = await createCampaignRow(server.db, account.personaId, { state: 'Running' });
    await addAudience(server.db, campaign, everyId.slice(2));
    const inCampaign = { $filter: `campaigns/any(c: c eq '${campaign.id}')` };
    for (const orderby of [
      'imported desc',
      'contacted desc',
      'custom_field_1 asc',
      'full_name asc, location desc',
    ]) {
      const query = { ...inCampaign, $orderby: orderby };
      const whole = await page(token, { ...query, $take: '100' });
      expect(whole.total).toBe(count - 2);
      const bySkip = await walkBySkip(token, query, 4);
      expect(bySkip, orderby).toEqual(whole.documents.map((document) => document.id));
      expect(await walkByCursor(token, query, 4), orderby).toEqual(bySkip);
    }
    const last = await page(token, { ...inCampaign, $take: '4', $skip: String(count - 4) });
    expect(last).toMatchObject({ total: count - 2, documents: [{}, {}] });
    expect(last.total_is_estimate).toBeUndefined();
    expect(last.next_cursor).toBeUndefined();
    // A page from the end still gives the cursor of its last row.
    const deep = await page(token, { ...inCampaign, $take: '4', $skip: '9' });
    const next = await page(token, { ...inCampaign, $take: '4', $after: deep.next_cursor as string });
    expect(next.documents.map((document) => document.id)).toEqual(
      (await page(token, { ...inCampaign, $take: '4', $skip: '13' })).documents.map(
        (document) => document.id,
      ),
    );
    // Another workspace's campaign: none of its contacts, and a total of 0.
    const other = await signInNewAccount(server);
    expect(await page(other.token, { ...inCampaign, $take: '4', $skip: '8' })).toMatchObject({
      total: 0,
      documents: [],
    });
  });

  it("does not let a cursor reach another workspace's contacts", async () => {
    const mine = await workspaceWithTiesAndNulls();
    const other = await workspaceWithTiesAndNulls();
    const cursor = (await page(mine.token, { $take: '2' })).next_cursor as string;
    const answer = await page(other.token, { $take: '100', $after: cursor });
    const own = new Set((await page(other.token, { $take: '100' })).documents.map((document) => document.id));
    expect(answer.documents.length).toBeGreaterThan(0);
    expect(answer.documents.every((document) => own.has(document.id))).toBe(true);
  });
});
