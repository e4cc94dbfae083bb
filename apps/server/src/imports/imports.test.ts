import {
  errorBodySchema,
  type ImportList,
  type ImportProfileInput,
  importListSchema,
  importTexts,
} from '@outpilot/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows-of.ts';
import { contacts } from '../db/schema.ts';
import {
  callApi,
  createContacts,
  getContactsPage,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { lockContactWrites } from './upsert-contacts.ts';

const header =
  'LinkedIn Profile;First Name;Last Name;Company Name;Position Title;Country;Custom Field 1;Custom Field 2;Custom Field 3';

describe.each(testBackends())('imports API on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const call = (method: string, path: string, token: string, body?: unknown) =>
    callApi(server.url, method, path, token, body);
  const upload = (token: string, bytes: Uint8Array | string, query = '', type = 'text/csv') =>
    fetch(`${server.url}/api/v1/imports/csv${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: bytes,
    });
  async function contactCount(personaId: string): Promise<number> {
    const [row] = await server.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.personaId, personaId));
    return row?.n ?? 0;
  }
  const listContacts = (token: string, query: Record<string, string> = {}) =>
    getContactsPage(server.url, token, { $take: '100', ...query });
  async function startImport(token: string, name = 'Search', runId?: string) {
    const response = await call('POST', '/imports', token, {
      source_type: 'network_search',
      source_uri: 'https://www.linkedin.com/search/results/people/?keywords=cto',
      name,
      total: 10,
      ...(runId === undefined ? {} : { run_id: runId }),
    });
    expect(response.status).toBe(200);
    return importListSchema.parse(await response.json());
  }
  async function uploadProfiles(token: string, id: string, profiles: ImportProfileInput[]) {
    const response = await call('POST', `/imports/${id}/profiles`, token, { profiles });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { uploaded: number; skipped: number };
  }
  async function refusal(response: Response) {
    return { status: response.status, body: errorBodySchema.parse(await response.json()) };
  }

  it('runs an agent import: create, upload, dedupe, finish, read back, rename', async () => {
    const { token } = await signInNewAccount(server);
    const list = await startImport(token);
    expect(list).toMatchObject({
      state: 'running',
      total: 10,
      uploaded_count: 0,
      source_type: 'network_search',
    });
    const first = await uploadProfiles(token, list.id, [
      { linkedin_public_identifier: 'Jane-Doe', full_name: 'Jane Doe', occupation: 'CTO', distance: 2 },
      { linkedin_entity_id: 'ACoAA1', first_name: 'Max', last_name: 'Muster', company: 'Beispiel' },
      { linkedin_public_identifier: 'jane-doe', full_name: 'Jane again' },
    ]);
    expect(first).toEqual({ uploaded: 2, skipped: 1 });
    expect(await uploadProfiles(token, list.id, [{ linkedin_public_identifier: 'jane-doe' }])).toEqual({
      uploaded: 0,
      skipped: 1,
    });
    const done = await call('PUT', `/imports/${list.id}/state`, token, { state: 'completed', processed: 4 });
    expect(await done.json()).toMatchObject({
      state: 'completed',
      processed: 4,
      uploaded_count: 2,
      skipped_count: 2,
    });
    const late = await refusal(
      await call('POST', `/imports/${list.id}/profiles`, token, {
        profiles: [{ linkedin_public_identifier: 'late' }],
      }),
    );
    expect(late.status).toBe(422);
    const again = await refusal(await call('PUT', `/imports/${list.id}/state`, token, { state: 'stopped' }));
    expect(again.status).toBe(422);

    const read = await call('GET', `/imports/${list.id}`, token);
    expect(read.status).toBe(200);
    expect(importListSchema.parse(await read.json()).source_uri).toContain('keywords=cto');
    const renamed = await call('PUT', `/imports/${list.id}`, token, { name: '  Renamed  ' });
    expect(importListSchema.parse(await renamed.json()).name).toBe('Renamed');
    const tooLong = await refusal(await call('PUT', `/imports/${list.id}`, token, { name: 'x'.repeat(51) }));
    expect(tooLong.body.message).toBe('Name must be at most 50 characters');
    const blank = await refusal(await call('PUT', `/imports/${list.id}`, token, { name: '   ' }));
    expect(blank.body.message).toBe('Name is required');

    const tagged = await listContacts(token, {
      $filter: `tags/any(t: t eq '${list.id}')`,
      $orderby: 'imported asc',
    });
    expect(tagged.documents.map((document) => document.full_name).sort()).toEqual(['Jane Doe', 'Max Muster']);
    expect(tagged.documents.find((document) => document.full_name === 'Max Muster')?.last_job).toBe(
      'Beispiel',
    );
  });

  it('updates instead of duplicating when one import knows the slug and another the entity id', async () => {
    const { account, token } = await signInNewAccount(server);
    const byFile = await startImport(token, 'By slug');
    await uploadProfiles(token, byFile.id, [{ linkedin_public_identifier: 'sam-lee', full_name: 'Sam Lee' }]);
    const byEntity = await startImport(token, 'By entity');
    await uploadProfiles(token, byEntity.id, [
      {
        linkedin_entity_id: 'ACoSAM',
        linkedin_public_identifier: 'sam-lee',
        occupation: 'Founder',
        distance: 1,
      },
    ]);
    const onlyEntity = await startImport(token, 'Entity only');
    expect(
      await uploadProfiles(token, onlyEntity.id, [
        { linkedin_entity_id: 'ACoSAM', location: 'Oslo, Norway' },
      ]),
    ).toEqual({ uploaded: 1, skipped: 0 });
    expect(await contactCount(account.personaId)).toBe(1);
    const [sam] = (await listContacts(token)).documents;
    expect(sam).toMatchObject({
      full_name: 'Sam Lee',
      linkedin_entity_id: 'ACoSAM',
      linkedin_public_identifier: 'sam-lee',
      occupation: 'Founder',
      location: 'Oslo, Norway',
      distance: 1,
    });
    expect(sam?.tags.sort()).toEqual([byFile.id, byEntity.id, onlyEntity.id].sort());
  });

  it('keeps import lists to their workspace: 204 for another one, 404 on writes', async () => {
    const owner = await signInNewAccount(server);
    const stranger = await signInNewAccount(server);
    const list = await startImport(owner.token);
    expect((await call('GET', `/imports/${list.id}`, stranger.token)).status).toBe(204);
    expect((await call('GET', '/imports/6ba7b810-9dad-41d1-80b4-00c04fd430c8', owner.token)).status).toBe(
      204,
    );
    expect((await call('GET', '/imports/not-a-uuid', owner.token)).status).toBe(422);
    expect((await call('PUT', `/imports/${list.id}`, stranger.token, { name: 'Mine' })).status).toBe(404);
    const stolen = await call('POST', `/imports/${list.id}/profiles`, stranger.token, {
      profiles: [{ linkedin_public_identifier: 'x' }],
    });
    expect(stolen.status).toBe(404);
    expect(
      (await call('PUT', `/imports/${list.id}/state`, stranger.token, { state: 'stopped' })).status,
    ).toBe(404);
    const recent = await call('GET', '/imports/recent', stranger.token);
    expect(await recent.json()).toEqual({ documents: [] });
  });

  it('opens one list per agent run: the same run opening again gets its list, not a second one', async () => {
    const { token } = await signInNewAccount(server);
    const first = await startImport(token, 'Reloaded', 'run-1');
    const again = await startImport(token, 'Reloaded', 'run-1');
    expect(again.id).toBe(first.id);
    expect((await startImport(token, 'Another run', 'run-2')).id).not.toBe(first.id);
    // Without a run id every call opens a list.
    const plain = [await startImport(token, 'Plain'), await startImport(token, 'Plain')];
    expect(new Set(plain.map((list) => list.id)).size).toBe(2);
    // A run id is the workspace's own: another workspace's run of the same id opens its own list.
    const other = await signInNewAccount(server);
    expect((await startImport(other.token, 'Reloaded', 'run-1')).id).not.toBe(first.id);
  });

  it('lists recent imports newest first', async () => {
    const { token } = await signInNewAccount(server);
    for (const name of ['one', 'two', 'three']) {
      await startImport(token, name);
      server.clock.advance(1000);
    }
    const response = await call('GET', '/imports/recent?$take=2', token);
    const body = (await response.json()) as { documents: ImportList[] };
    expect(body.documents.map((list) => list.name)).toEqual(['three', 'two']);
  });

  it('validates agent uploads', async () => {
    const { token } = await signInNewAccount(server);
    const list = await startImport(token);
    const noId = await refusal(
      await call('POST', `/imports/${list.id}/profiles`, token, { profiles: [{ full_name: 'x' }] }),
    );
    expect(noId.status).toBe(422);
    const tooMany = Array.from({ length: 101 }, (_, index) => ({ linkedin_public_identifier: `p${index}` }));
    expect((await call('POST', `/imports/${list.id}/profiles`, token, { profiles: tooMany })).status).toBe(
      422,
    );
    const nul = await uploadProfiles(token, list.id, [
      { linkedin_public_identifier: 'nul-person', full_name: 'A\u0000B' },
    ]);
    expect(nul).toEqual({ uploaded: 1, skipped: 0 });
  });

  it('imports CSV files in real-world shapes', async () => {
    const { account, token } = await signInNewAccount(server);
    const semicolon = `sep=;\r\n${header}\r\nhttps://www.linkedin.com/in/anna-a/;Anna;A;Acme;CTO;Germany;one;;\r\nhttps://www.linkedin.com/in/anna-a;Anna;A;;;;;;\r\nnot a link;x;y;;;;;;\r\n`;
    const first = await upload(token, semicolon, '?file_name=leads.csv');
    expect(first.status, await first.clone().text()).toBe(200);
    expect(importListSchema.parse(await first.json())).toMatchObject({
      name: 'leads',
      source_type: 'csv_file',
      state: 'completed',
      uploaded_count: 1,
      skipped_count: 2,
      total: 3,
    });

    const utf16 = `\uFEFF${header.replaceAll(';', '\t')}\r\nhttps://www.linkedin.com/in/björn-b/\tBjörn\tB\t\t\t\t\t\t\r\n`;
    const utf16Bytes = new Uint8Array(Buffer.from(utf16, 'utf16le'));
    const second = await upload(token, utf16Bytes, '?name=UTF-16');
    expect(second.status, await second.clone().text()).toBe(200);

    const cp1252 = Buffer.concat([
      Buffer.from(`${header.replaceAll(';', ',')}\r\nhttps://www.linkedin.com/in/jose-c/,Jos`, 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from(',C,Caf', 'latin1'),
      Buffer.from([0xe9, 0x20, 0x80]),
      Buffer.from(',,,,,\r\n', 'latin1'),
    ]);
    const third = await upload(token, new Uint8Array(cp1252), '', 'application/vnd.ms-excel');
    expect(third.status, await third.clone().text()).toBe(200);

    const ragged = `${header}\nhttps://www.linkedin.com/in/short-row/;Shorty\nhttps://www.linkedin.com/sales/lead/ACwAAB123,NAME_SEARCH,x;Lead;Person;Co;;;;;;extra;cells\n`;
    const fourth = await upload(token, ragged, '', 'application/octet-stream');
    expect(fourth.status, await fourth.clone().text()).toBe(200);

    const page = await listContacts(token, { $orderby: 'full_name asc' });
    expect(page.documents.map((document) => document.full_name)).toEqual([
      'Anna A',
      'Björn B',
      'José C',
      'Lead Person',
      'Shorty',
    ]);
    expect(page.documents.find((document) => document.full_name === 'José C')?.last_job).toBe('Café €');
    expect(page.documents.find((document) => document.full_name === 'Anna A')).toMatchObject({
      occupation: 'CTO',
      location: 'Germany',
      custom_field_1: 'one',
    });
    // The same file again: updates, no duplicates, everything skipped as already in the workspace list.
    const again = await upload(token, semicolon.replace(';CTO;', ';CEO;'));
    expect(await again.json()).toMatchObject({ uploaded_count: 1 });
    expect(await contactCount(account.personaId)).toBe(5);
    const anna = await listContacts(token, { keywords: 'anna' });
    expect(anna.documents[0]?.occupation).toBe('CEO');
  });

  it('refuses bad files with the spec texts and writes nothing', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 3);
    const cases: [Uint8Array | string, string, number][] = [
      ['', importTexts.noProfilesInFile, 422],
      ['name,email\nJane,jane@example.com\n', importTexts.notOutpilotCsv, 422],
      [`${header}\nnot a link;a;b;;;;;;\n`, importTexts.noProfilesInFile, 422],
      [
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0x14, 0, 0, 0, 1, 2, 3, 0]),
        importTexts.noProfilesInFile,
        422,
      ],
      [
        `${header}\n${'https://www.linkedin.com/in/p/;a;b;;;;;;\n'.repeat(1)}`.replace('in/p/', 'in/"p"/'),
        importTexts.noProfilesInFile,
        422,
      ],
    ];
    for (const [body, message, status] of cases) {
      const { status: got, body: error } = await refusal(await upload(token, body));
      expect(got).toBe(status);
      expect(error.message).toBe(message);
    }
    const tooBig = await upload(token, new Uint8Array(50 * 1024 * 1024 + 10));
    expect(tooBig.status).toBe(413);
    const wrongType = await upload(token, '{}', '', 'application/json');
    expect([415, 422]).toContain(wrongType.status);
    const tooManyRows = `${header}\n${Array.from({ length: 100_001 }, (_, index) => `https://www.linkedin.com/in/p-${index}/;;;;;;;;`).join('\n')}`;
    const rows = await refusal(await upload(token, tooManyRows));
    expect(rows.status).toBe(422);
    expect(rows.body.message).toMatch(/more than 100000 profiles/);
    expect(await contactCount(account.personaId)).toBe(3);
    const recent = await call('GET', '/imports/recent', token);
    expect(await recent.json()).toEqual({ documents: [] });
  }, 60_000);

  // Only PostgreSQL runs transactions side by side (PGlite has one connection): defined there only.
  if (databaseUrl !== undefined) {
    it('waits while another transaction adds contacts to the workspace, then updates them: no duplicate, no failure', async () => {
      const { account, token } = await signInNewAccount(server);
      const file = `${header}\nhttps://www.linkedin.com/in/race-1/;Race;One;;;;;;\nhttps://www.linkedin.com/in/race-2/;Race;Two;;;;;;\n`;
      let answer: Promise<Response> | undefined;
      await server.db.transaction(async (tx) => {
        await lockContactWrites(tx, account.personaId);
        await tx
          .insert(contacts)
          .values({ personaId: account.personaId, linkedinPublicIdentifier: 'race-1', fullName: 'Early' });
        answer = upload(token, file);
        await waitForAdvisoryLockWaiter();
      });
      const response = await (answer as Promise<Response>);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ uploaded_count: 2, skipped_count: 0 });
      expect(await contactCount(account.personaId)).toBe(2);
      const page = await listContacts(token, { $orderby: 'full_name asc' });
      expect(page.documents.map((document) => document.full_name)).toEqual(['Race One', 'Race Two']);
    });
  }

  /** Until a session waits for an advisory lock (the upload, behind the test's transaction). */
  async function waitForAdvisoryLockWaiter() {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const [row] = rowsOf<{ waiting: number }>(
        await server.db.execute(
          sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`,
        ),
      );
      if ((row?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the upload never waited for the workspace lock');
  }

  it("blocks a file upload while an import runs: 'Finish the started export'", async () => {
    const { account, token } = await signInNewAccount(server);
    const list = await startImport(token);
    const file = `${header}\nhttps://www.linkedin.com/in/blocked/;a;b;;;;;;\n`;
    const blocked = await refusal(await upload(token, file));
    expect(blocked).toMatchObject({ status: 422, body: { message: importTexts.finishStartedExport } });
    expect(await contactCount(account.personaId)).toBe(0);
    await call('PUT', `/imports/${list.id}/state`, token, { state: 'stopped' });
    expect((await upload(token, file)).status).toBe(200);
  });

  it("reads one file at a time per workspace: a second file sent meanwhile gets 'Finish the started export'", async () => {
    const { account, token } = await signInNewAccount(server);
    const other = await signInNewAccount(server);
    const rows = (prefix: string) =>
      Array.from({ length: 5000 }, (_, index) => `https://www.linkedin.com/in/${prefix}-${index}/;A;B;;;;;;`);
    const first = `${header}\n${rows('first').join('\n')}\n`;
    const second = `${header}\n${rows('second').join('\n')}\n`;
    const [firstAnswer, secondAnswer, otherAnswer] = await Promise.all([
      upload(token, first),
      upload(token, second),
      upload(other.token, second),
    ]);
    // Whichever arrived first is stored; the other is refused.
    const [stored, refused] =
      firstAnswer.status === 200 ? [firstAnswer, secondAnswer] : [secondAnswer, firstAnswer];
    expect(stored.status).toBe(200);
    expect(await refusal(refused)).toMatchObject({
      status: 422,
      body: { message: importTexts.finishStartedExport },
    });
    // Another workspace is not held back by this one's file.
    expect(otherAnswer.status).toBe(200);
    expect(await contactCount(account.personaId)).toBe(5000);
    // Once the first file is stored, the next one is welcome.
    expect((await upload(token, stored === firstAnswer ? second : first)).status).toBe(200);
    expect(await contactCount(account.personaId)).toBe(10_000);
  }, 120_000);

  it('never lets a contact file erase what the network said; the file fills gaps and brings its custom fields', async () => {
    const { token } = await signInNewAccount(server);
    const list = await startImport(token);
    await uploadProfiles(token, list.id, [
      {
        linkedin_entity_id: 'ACoAAFalcon',
        linkedin_public_identifier: 'ann-falcon',
        first_name: 'Ann',
        last_name: 'Falcon',
        full_name: 'Ann Falcon',
        occupation: 'Teacher at Falcon Payments',
        location: 'Manchester',
        distance: 2,
      },
    ]);
    await call('PUT', `/imports/${list.id}/state`, token, { state: 'completed', processed: 1 });
    // An earlier file's contact, which the network never described.
    expect(
      (
        await upload(
          token,
          `${header}\nhttps://www.linkedin.com/in/file-only/;Fay;Old;Oldco;Clerk;France;;;\n`,
        )
      ).status,
    ).toBe(200);

    const file = [
      header,
      'https://www.linkedin.com/in/ann-falcon/;Anna;F.;Falcon Payments;Teacher;Germany;vip;;',
      'https://www.linkedin.com/in/file-only/;Fay;New;Newco;Manager;Spain;;;',
    ].join('\n');
    expect((await upload(token, file)).status).toBe(200);

    const page = await listContacts(token, { $orderby: 'full_name asc' });
    const byName = (name: string) => page.documents.find((document) => document.full_name === name);
    // The network's words stay; the company it left empty comes from the file, and so does the custom field.
    expect(byName('Ann Falcon')).toMatchObject({
      first_name: 'Ann',
      occupation: 'Teacher at Falcon Payments',
      location: 'Manchester',
      last_job: 'Falcon Payments',
      distance: 2,
      custom_field_1: 'vip',
    });
    // Between two files, the newer one wins.
    expect(byName('Fay New')).toMatchObject({ occupation: 'Manager', last_job: 'Newco', location: 'Spain' });
  });
});
