import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decodeCsvBytes, parseContactsCsv } from '@outpilot/domain';
import { createAccount, createContacts, startTestServer, type TestServer } from '@outpilot/server/testing';
import { from as copyFrom } from 'pg-copy-streams';
import { importContactsCsv } from '../../apps/server/src/imports/import-contacts-csv.ts';
import { count, databaseUrlOf, runs, serverUrl, small, withClient } from './lib/env.ts';
import { describe, heading, printScenario } from './lib/report.ts';
import { median, timed } from './lib/stats.ts';

const firstNames = ['Anna', 'Ben', 'Chloé', 'David', 'Eva', 'Farid', 'Grace', 'Hiro', 'Inès', 'Jonas'];
const lastNames = ['Meyer', "O'Brien", 'Novak', 'Schmidt', 'García', 'Kowalski', 'Rossi', 'Smith', 'Tanaka'];
const companies = ['Acme Inc.', 'Globex', 'Initech', '"Smith; Sons ""Ltd"""', 'Hooli', 'Stark Industries'];
const titles = ['Head of Sales', 'CTO', 'Recruiter', 'Software Engineer', 'Founder & CEO', 'Product Manager'];
const countries = ['Germany', 'France', 'United Kingdom', 'United States', 'Japan'];

const slugOf = (row: number) =>
  `${(firstNames[row % 10] as string).toLowerCase().replace(/[^a-z]/g, '')}-bench-${row}`;

/**
 * A contact file of the domain's format (§5: ';'-separated, the 9 columns, quoted cells): 1 row
 * in 100 has an unusable link, 1 in 20 repeats an earlier profile, 1 in 10 names a Sales
 * Navigator lead. Answers the file and the slugs of 5% of its profiles (pre-existing contacts).
 */
export function makeContactsCsv(rows: number): { bytes: Uint8Array; existingSlugs: string[] } {
  const lines = [
    'LinkedIn Profile;First Name;Last Name;Company Name;Position Title;Country;Custom Field 1;Custom Field 2;Custom Field 3',
  ];
  const existingSlugs: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    let link: string;
    if (row % 100 === 7) link = row % 200 === 7 ? 'https://www.linkedin.com/company/acme' : 'not a link';
    else if (row % 20 === 3 && row >= 20) link = `https://www.linkedin.com/in/${slugOf(row - 10)}/`;
    else if (row % 10 === 9) link = `https://www.linkedin.com/sales/lead/ACwAAB${row},NAME_SEARCH,x${row}`;
    else link = `https://www.linkedin.com/in/${slugOf(row)}/`;
    if (row % 20 === 5) existingSlugs.push(slugOf(row));
    lines.push(
      [
        link,
        firstNames[row % 10],
        lastNames[row % 9],
        companies[row % 6],
        titles[row % 6],
        countries[row % 5],
        `segment ${row % 13}`,
        row % 3 === 0 ? '' : `note ${row}`,
        '',
      ].join(';'),
    );
  }
  return { bytes: new TextEncoder().encode(`${lines.join('\r\n')}\r\n`), existingSlugs };
}

async function oneImport(
  server: TestServer,
  file: ReturnType<typeof makeContactsCsv>,
  strategy: 'copy' | 'batched',
) {
  const account = await createAccount(server.db);
  const existing = await createContacts(
    server.db,
    account.personaId,
    file.existingSlugs.map((slug) => ({ linkedinPublicIdentifier: slug })),
  );
  await withClient(databaseUrlOf(server.config), (client) => client.query('checkpoint'));
  const { ms, value } = await timed(() =>
    importContactsCsv(
      { db: server.db, clock: server.clock },
      { personaId: account.personaId, bytes: file.bytes, name: 'bench', strategy },
    ),
  );
  return {
    ms,
    list: value,
    personaId: account.personaId,
    existingIds: existing.map((contact) => contact.id),
  };
}

/** The copies of the contacts table that storageFloor inserts into, cheapest first. */
const floorTables = [
  'its primary key alone',
  'its primary key and the search index',
  'all its indexes',
] as const;
type FloorTable = (typeof floorTables)[number];

/**
 * What storing an import's new contacts costs at the least, measured on the rows an import just
 * added: one INSERT … SELECT of them into a copy of the contacts table (no foreign key, no tags)
 * that keeps its primary key alone; then its primary key and the keyword search's trigram index,
 * which issue 4 requires; then every index of the contacts table (search, sort orders, identity
 * keys). A checkpoint before each, as before the anchor's COPY. Whatever the import does, it
 * cannot cost less than the table it writes to.
 */
async function storageFloor(
  url: string,
  imported: { personaId: string; existingIds: string[] },
): Promise<{ ms: Record<FloorTable, number>; rows: number }> {
  return withClient(url, async (client) => {
    await client.query('set jit = off');
    await client.query('drop table if exists bench_floor_source, bench_floor');
    const source = await client.query(
      'create table bench_floor_source as select * from contacts where persona_id = $1 and not (id = any($2::uuid[]))',
      [imported.personaId, imported.existingIds],
    );
    const definition = await client.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'contacts_search_trgm_idx'`,
    );
    const contactsIndex = 'CREATE INDEX contacts_search_trgm_idx ON public.contacts ';
    const searchIndex = definition.rows[0]?.indexdef;
    if (searchIndex === undefined || !searchIndex.startsWith(contactsIndex))
      throw new Error(`B5: unexpected definition of contacts_search_trgm_idx: ${searchIndex}`);
    const ms = {} as Record<FloorTable, number>;
    for (const table of floorTables) {
      await client.query('drop table if exists bench_floor');
      if (table === 'all its indexes')
        await client.query('create table bench_floor (like contacts including all)');
      else {
        await client.query('create table bench_floor (like contacts including defaults)');
        await client.query('alter table bench_floor add primary key (id)');
      }
      if (table === 'its primary key and the search index')
        await client.query(`CREATE INDEX ON bench_floor ${searchIndex.slice(contactsIndex.length)}`);
      await client.query('checkpoint');
      ms[table] = (
        await timed(() =>
          client.query('insert into bench_floor select * from bench_floor_source order by id'),
        )
      ).ms;
    }
    await client.query('drop table bench_floor_source, bench_floor');
    return { ms, rows: source.rowCount ?? 0 };
  });
}

/** The anchor: the same file streamed by COPY (server-side CSV parse) into a plain table. */
async function bareCopy(url: string, bytes: Uint8Array): Promise<number> {
  return withClient(url, async (client) => {
    await client.query('drop table if exists bench_copy_plain');
    await client.query(`create table bench_copy_plain (id bigserial primary key, linkedin_profile text,
      first_name text, last_name text, company text, title text, country text, cf1 text, cf2 text, cf3 text)`);
    await client.query('checkpoint');
    const { ms } = await timed(async () => {
      await client.query('begin');
      await pipeline(
        Readable.from(chunks(bytes)),
        client.query(
          copyFrom(`copy bench_copy_plain (linkedin_profile, first_name, last_name, company, title, country, cf1, cf2, cf3)
            from stdin (format csv, delimiter ';', header true)`),
        ),
      );
      await client.query('commit');
    });
    return ms;
  });
}

function* chunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += 65_536) yield bytes.subarray(start, start + 65_536);
}

export async function benchImport(): Promise<void> {
  const rows = small ? 20_000 : 100_000;
  const file = makeContactsCsv(rows);
  const parseRuns: number[] = [];
  let parsed = parseContactsCsv(decodeCsvBytes(file.bytes));
  for (let run = 0; run < runs; run += 1) {
    parseRuns.push((await timed(async () => parseContactsCsv(decodeCsvBytes(file.bytes)))).ms);
  }
  parsed = parseContactsCsv(decodeCsvBytes(file.bytes));
  const parseMs = median(parseRuns);
  heading(
    `B5 CSV import of ${count(rows)} rows (${(file.bytes.length / 1e6).toFixed(1)} MB; in the file: ${count(parsed.records.length)} profiles, ${count(parsed.skippedDuplicates)} repeats, ${count(parsed.skippedInvalid)} unusable links; ${count(file.existingSlugs.length)} already in the workspace)`,
  );
  console.log(
    `  (file read + validation in JS: ${parseMs.toFixed(0)} ms median; DB time = end to end − that)`,
  );

  const server = await startTestServer({ databaseUrl: serverUrl });
  try {
    const url = databaseUrlOf(server.config);
    const copyRuns: number[] = [];
    const oursRuns: number[] = [];
    const batchedRuns: number[] = [];
    const floorRuns = Object.fromEntries(floorTables.map((table) => [table, [] as number[]])) as Record<
      FloorTable,
      number[]
    >;
    let floorRows = 0;
    let checked = '';
    for (let run = 0; run < runs; run += 1) {
      copyRuns.push(await bareCopy(url, file.bytes));
      const ours = await oneImport(server, file, 'copy');
      oursRuns.push(ours.ms);
      const floor = await storageFloor(url, ours);
      for (const table of floorTables) floorRuns[table].push(floor.ms[table]);
      floorRows = floor.rows;
      const batched = await oneImport(server, file, 'batched');
      batchedRuns.push(batched.ms);
      if (
        ours.list.uploaded_count !== batched.list.uploaded_count ||
        ours.list.skipped_count !== batched.list.skipped_count
      ) {
        throw new Error(
          `B5: the two paths disagree: ${JSON.stringify(ours.list)} vs ${JSON.stringify(batched.list)}`,
        );
      }
      checked = `uploaded ${count(ours.list.uploaded_count ?? 0)}, skipped ${count(ours.list.skipped_count ?? 0)} (both paths)`;
    }
    await withClient(url, (client) => client.query('drop table if exists bench_copy_plain'));
    console.log(`  result of each import: ${checked}`);
    const dbRuns = oursRuns.map((ms) => Math.max(0, ms - parseMs));
    const dbRatio = median(dbRuns) / median(copyRuns);
    printScenario({
      name: 'B5a PostgreSQL: DB time (COPY into a temp table + one upsert statement) vs a bare COPY',
      ours: { runs: dbRuns, unit: 'ms' },
      anchor: {
        label: 'COPY FROM STDIN (csv) of the same file into a plain table',
        figure: { runs: copyRuns, unit: 'ms' },
      },
      ratio: `${dbRatio.toFixed(2)}× COPY's time`,
      target: '≤ 3× COPY',
      met: dbRatio <= 3,
    });
    const timesCopy = (figure: number[]) => `${(median(figure) / median(copyRuns)).toFixed(2)}× COPY's time`;
    console.log(
      `  B5a floor: the import's ${count(floorRows)} new contacts in one INSERT … SELECT into a copy of the contacts table (no foreign key, no tags), informative:`,
    );
    for (const table of floorTables) {
      console.log(
        `    with ${table.padEnd(38)} ${describe({ runs: floorRuns[table], unit: 'ms' }).padEnd(24)} ${timesCopy(floorRuns[table])}`,
      );
    }
    console.log(
      "    (the import cannot cost less than the table it writes to: where the last figure is above 3× COPY, B5a's target is out of reach while contacts keep these indexes)",
    );
    printScenario({
      name: 'B5b PostgreSQL: end to end (importContactsCsv: decode, parse, validate, dedupe, store)',
      ours: { runs: oursRuns, unit: 'ms' },
      target: '≤ 10,000 ms',
      met: median(oursRuns) <= 10_000,
    });
    const speedup = median(batchedRuns) / median(oursRuns);
    printScenario({
      name: 'B5c PostgreSQL: vs the multi-row path (same use-case, json_to_recordset batches of 5,000)',
      ours: { runs: oursRuns, unit: 'ms' },
      anchor: { label: 'batched multi-row upserts, end to end', figure: { runs: batchedRuns, unit: 'ms' } },
      ratio: `${speedup.toFixed(2)}× faster (DB time: ${((median(batchedRuns) - parseMs) / median(dbRuns)).toFixed(2)}×)`,
      target: '≥ 3× faster',
      met: speedup >= 3,
    });
  } finally {
    await server.close();
  }

  const pgliteRows = small ? 20_000 : 100_000;
  const pgliteFile = pgliteRows === rows ? file : makeContactsCsv(pgliteRows);
  const pglite = await startTestServer();
  try {
    const pgliteRuns: number[] = [];
    const pgliteRunCount = small ? runs : 1;
    for (let run = 0; run < pgliteRunCount; run += 1)
      pgliteRuns.push((await oneImportPglite(pglite, pgliteFile)).ms);
    printScenario({
      name: `B5d PGlite: end to end, ${count(pgliteRows)} rows (COPY from a Blob into the temp table + one upsert statement; no COPY anchor on PGlite; ${pgliteRunCount} run(s) to keep the bench short)`,
      ours: { runs: pgliteRuns, unit: 'ms' },
      target: '≤ 10,000 ms',
      met: median(pgliteRuns) <= 10_000,
    });
  } finally {
    await pglite.close();
  }
}

async function oneImportPglite(server: TestServer, file: ReturnType<typeof makeContactsCsv>) {
  const account = await createAccount(server.db);
  await createContacts(
    server.db,
    account.personaId,
    file.existingSlugs.map((slug) => ({ linkedinPublicIdentifier: slug })),
  );
  return timed(() =>
    importContactsCsv(
      { db: server.db, clock: server.clock },
      { personaId: account.personaId, bytes: file.bytes, name: 'bench' },
    ),
  );
}
