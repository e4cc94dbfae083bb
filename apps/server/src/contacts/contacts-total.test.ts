import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContacts, getContactsPage, signInNewAccount, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/** How contacts/page answers its total (list-query/count-capped.ts). */
describe.each(testBackends())('contacts/page total on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const page = (token: string, query: Record<string, string>) => getContactsPage(server.url, token, query);

  it('answers the planner estimate for a big list and the exact total once a page ends the list', async () => {
    const { account, token } = await signInNewAccount(server);
    const created = await createContacts(server.db, account.personaId, 12_000);
    await server.db.execute(sql`analyze contacts`);
    // Without a new ANALYZE the planner still expects about 12,000: only 30 are left.
    const kept = created.slice(0, 30).map((contact) => contact.id);
    await server.db.execute(sql`delete from contacts where persona_id = ${account.personaId}::uuid
      and not (id = any(${`{${kept.join(',')}}`}::uuid[]))`);

    const first = await page(token, { $take: '10' });
    expect(first).toMatchObject({ total_is_estimate: true });
    expect(first.total).toBeGreaterThan(10_000);
    const last = await page(token, { $take: '10', $skip: '20' });
    expect(last.documents).toHaveLength(10);
    expect(last.total).toBe(30);
    expect(last.total_is_estimate).toBeUndefined();
    const whole = await page(token, { $take: '50' });
    expect(whole).toMatchObject({ total: 30 });
    expect(whole.total_is_estimate).toBeUndefined();
    // Past the end, or with a cursor, a page proves nothing: the estimate stays.
    expect(await page(token, { $take: '10', $skip: '40' })).toMatchObject({ total_is_estimate: true });
    const byCursor = await page(token, { $take: '25', $after: first.next_cursor as string });
    expect(byCursor.documents).toHaveLength(20);
    expect(byCursor).toMatchObject({ total_is_estimate: true });
    expect((await page(token, { $take: '0' })).total_is_estimate).toBe(true);
  }, 60_000);

  it('counts exactly when the planner expects few contacts', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 120);
    const answer = await page(token, { $take: '10', $filter: 'distance eq 1' });
    expect(answer.total).toBe(40);
    expect(answer.total_is_estimate).toBeUndefined();
  });
});
