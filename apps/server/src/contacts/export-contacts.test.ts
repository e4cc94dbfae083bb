import http from 'node:http';
import { writeContactsCsv } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows-of.ts';
import {
  type ContactSeed,
  callApi,
  createContacts,
  getContactsPage,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/**
 * The export's cells are computed by the database (contact-csv-cells.ts; on PostgreSQL written by
 * COPY's CSV writer, on PGlite read by a cursor); the format's definition is the domain's
 * formatCsvRow. Both
 * must give the same bytes: the export is compared with writeContactsCsv of the same contacts as
 * contacts/page answers them, on data meant to break CSV writers.
 */
describe.each(testBackends())('contacts export bytes on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const get = (path: string, token: string, query: Record<string, string>) =>
    callApi(server.url, 'GET', `${path}?${new URLSearchParams(query)}`, token);

  /** The file writeContactsCsv makes of what contacts/page answers for the same query. */
  async function expectedFile(token: string, query: Record<string, string>): Promise<Buffer> {
    const answer = await getContactsPage(server.url, token, { ...query, $take: '100' });
    expect(answer.next_cursor).toBeUndefined();
    return Buffer.from(writeContactsCsv(answer.documents), 'utf8');
  }

  async function exportedFile(token: string, query: Record<string, string>): Promise<Buffer> {
    const response = await get('/contacts/export', token, query);
    expect(response.status, await response.clone().text()).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('writes every cell exactly as the domain formatter does', async () => {
    const { account, token } = await signInNewAccount(server);
    const hostile = [
      '=cmd|calc',
      '+1 555',
      '-2',
      '@SUM(A1)',
      '\tleading tab',
      '\rleading CR',
      '=',
      "'already guarded",
      'a "quoted" word',
      '"',
      'comma, inside',
      'semi;colon',
      'new\nline',
      'crlf\r\nline',
      'trailing CR\r',
      'back\\slash \\N',
      '😀 emoji',
      '中文名字',
      'e\u0301 combining',
      'right-to-left \u202e',
      '  spaced  ',
      '',
    ];
    const slugs = [
      'plain-slug',
      'jürgen-ß',
      'with space',
      "o'neil",
      '100%',
      'emoji😀',
      '(paren)!~*._-',
      'quote"slug',
      'a/b?c#d',
      null,
    ];
    const seeds: ContactSeed[] = hostile.map((text, index) => {
      const slug = slugs[index % slugs.length];
      return {
        firstName: text,
        lastName: hostile[(index + 3) % hostile.length] as string,
        fullName: `${String(index).padStart(2, '0')} ${text}`,
        occupation: index % 4 === 0 ? null : (hostile[(index + 5) % hostile.length] as string),
        lastJob: index % 5 === 0 ? null : (hostile[(index + 7) % hostile.length] as string),
        location: index % 3 === 0 ? null : (hostile[(index + 11) % hostile.length] as string),
        customField1: index % 2 === 0 ? null : text,
        customField2: hostile[(index + 13) % hostile.length] as string,
        customField3: index % 6 === 0 ? '' : null,
        linkedinPublicIdentifier: slug === null ? null : `${slug}-${index}`,
        salesLeadId: slug === null ? `ACwAAB${index}` : null,
        distance: index % 4 === 3 ? null : (index % 4) + 1,
        isPremium: index % 2 === 0,
        contactedAt: index % 3 === 0 ? null : new Date(Date.UTC(2026, 0, 1 + index, 12, 30, 5, 7 * index)),
      };
    });
    const created = await createContacts(server.db, account.personaId, seeds);
    // Microseconds the drivers cut to milliseconds (and a far date): the SQL must cut them the same way.
    await server.db.execute(sql`update contacts set
        imported_at = timestamptz '2026-03-04 05:06:07.999999+00',
        contacted_at = timestamptz '1999-12-31 23:59:59.000999+00'
      where id = ${created[1]?.id}::uuid`);
    await server.db.execute(sql`update contacts set imported_at = timestamptz '2026-03-04 05:06:07.123456+00'
      where id = ${created[2]?.id}::uuid`);

    const query = { $orderby: 'full_name asc' };
    const exported = await exportedFile(token, query);
    const expected = await expectedFile(token, query);
    expect(exported.toString('utf8').split('\r\n').length).toBeGreaterThan(hostile.length);
    expect(exported.toString('utf8')).toBe(expected.toString('utf8'));
    expect(exported.equals(expected)).toBe(true);

    // Filter and search values reach the COPY statement as literals: quotes and backslashes too.
    const filtered = {
      $filter: `full_name ne 'it''s \\ odd' and (custom_field_2 ne 'x''; drop table contacts; --')`,
      keywords: `"`,
      $orderby: 'imported desc',
    };
    const exportedFiltered = await exportedFile(token, filtered);
    expect(exportedFiltered.equals(await expectedFile(token, filtered))).toBe(true);
    expect(exportedFiltered.toString('utf8').split('\r\n').filter(Boolean).length).toBeGreaterThan(2);
  });

  it('writes a file that uploads back into the same contacts, those known only by a lead id too', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, [
      { linkedinPublicIdentifier: 'plain-slug', firstName: 'Plain' },
      { linkedinPublicIdentifier: 'jürgen-ß', firstName: 'Jürgen' },
      { linkedinPublicIdentifier: null, salesLeadId: 'ACwAABlead-1_x', firstName: 'Lead' },
      { linkedinPublicIdentifier: null, salesLeadId: 'ACwAABlead2', firstName: '=Formula' },
    ]);
    const exported = await exportedFile(token, {});
    expect(exported.toString('utf8')).toContain('"https://www.linkedin.com/sales/lead/ACwAABlead-1_x"');

    const upload = await fetch(`${server.url}/api/v1/imports/csv?file_name=export.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: exported,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const list = (await upload.json()) as { id: string; uploaded_count: number; skipped_count: number };
    expect(list).toMatchObject({ uploaded_count: 4, skipped_count: 0 });
    const page = await getContactsPage(server.url, token, {});
    expect(page.total).toBe(4);
    const tagged = page.documents.map((contact) => [contact.first_name, contact.tags.includes(list.id)]);
    expect(tagged.sort()).toEqual([
      ['=Formula', true],
      ['Jürgen', true],
      ['Lead', true],
      ['Plain', true],
    ]);
  });

  it('gives its connection back when the download is abandoned half-way', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 10_000);
    // More abandoned downloads than the pool has connections (10): a leaked one would stall the last.
    for (let attempt = 0; attempt < 12; attempt += 1) await abandonExport(token);
    const whole = await exportedFile(token, {});
    expect(whole.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(10_001);
  }, 60_000);

  /** Starts a download and closes the connection at its first bytes (fetch's abort may keep the socket). */
  function abandonExport(token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        `${server.url}/api/v1/contacts/export`,
        { headers: { authorization: `Bearer ${token}` } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
  }
});

/**
 * A client that stops reading but keeps its socket open: the export is held back (back-pressure)
 * with its database connection, so after DOWNLOAD_IDLE_TIMEOUT_MS without a byte going out the
 * server closes the download and the connection goes back (on PGlite, the only one).
 */
describe.each(testBackends())('a stalled contacts export on $name', ({ databaseUrl }) => {
  const idleMs = 500;
  const server = testServerForSuite(databaseUrl, { env: { DOWNLOAD_IDLE_TIMEOUT_MS: String(idleMs) } });

  it('is cut off after the idle timeout, and the database serves the next export', async () => {
    const { account, token } = await signInNewAccount(server);
    // Larger than what the sockets' buffers take in (a few MB), so the server has to wait: 10 MB
    // in 5,000 long rows costs the database a tenth of what 50,000 short ones did.
    const longHeadline = 'Head of Sales '.repeat(140);
    await createContacts(
      server.db,
      account.personaId,
      Array.from({ length: 5_000 }, () => ({ occupation: longHeadline })),
    );
    const stalled = await download(token, { stallMs: idleMs * 6 });
    expect(stalled.complete).toBe(false);
    // On PostgreSQL no COPY is left running on a pooled connection (PGlite has none: the next export shows it).
    const copiesRunning = async () =>
      rowsOf<{ n: number }>(
        await server.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where query ilike 'copy (%' and state <> 'idle'`,
        ),
      )[0]?.n;
    await expect.poll(copiesRunning, { timeout: 5000 }).toBe(0);
    const whole = await download(token, { stallMs: 0 });
    expect(whole.complete).toBe(true);
    expect(whole.body.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(5_001);
    expect(whole.body.length).toBeGreaterThan(10_000_000);
  }, 120_000);

  /** Downloads the export, reading nothing for `stallMs` after its first bytes; complete: it ended whole. */
  function download(token: string, options: { stallMs: number }) {
    return new Promise<{ complete: boolean; body: Buffer }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const request = http.get(
        `${server.url}/api/v1/contacts/export`,
        { headers: { authorization: `Bearer ${token}` } },
        (response) => {
          const finish = () => resolve({ complete: response.complete, body: Buffer.concat(chunks) });
          response.once('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (options.stallMs > 0) {
              response.pause();
              setTimeout(() => response.resume(), options.stallMs);
            }
            response.on('data', (more: Buffer) => chunks.push(more));
          });
          response.once('end', finish);
          response.once('error', finish);
          response.once('aborted', finish);
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
  }
});
