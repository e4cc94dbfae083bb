import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/create-database.ts';
import { runUpsertStatement, type UpsertRecord } from './upsert-contacts.ts';

/**
 * The node-postgres connection under a drizzle transaction, or null on another driver (PGlite).
 * drizzle keeps it as the transaction session's `client` (not part of its typed API).
 */
export function pgClientOf(db: Database): pg.ClientBase | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

const stagingColumns = `ord int, entity text, pub text, lead text, first_name text, last_name text,
  full_name text, occupation text, location text, last_job text, country text, picture_url text,
  distance smallint, is_premium boolean, cf1 text, cf2 text, cf3 text`;
const recordKeys = [
  'entity',
  'pub',
  'lead',
  'first_name',
  'last_name',
  'full_name',
  'occupation',
  'location',
  'last_job',
  'country',
  'picture_url',
  'distance',
  'is_premium',
  'cf1',
  'cf2',
  'cf3',
] as const satisfies readonly (keyof UpsertRecord)[];
const rowsPerChunk = 2000;

/**
 * The bulk path on PostgreSQL (the same semantics as the batched one, one statement instead of
 * one per 5,000 rows): the records are streamed with COPY into a temporary table dropped at
 * commit, then the single upsert statement reads them. Must run inside the caller's transaction
 * (`tx`), on its connection (`client`). Records must not share ids (dropDuplicates).
 */
export async function copyUpsertContacts(
  client: pg.ClientBase,
  tx: Database,
  input: { personaId: string; importListId: string; now: Date; records: readonly UpsertRecord[] },
): Promise<number> {
  await tx.execute(sql.raw(`create temp table contact_import_rows (${stagingColumns}) on commit drop`));
  await pipeline(
    Readable.from(copyLines(input.records)),
    client.query(copyFrom('copy contact_import_rows from stdin')),
  );
  await tx.execute(sql.raw('analyze contact_import_rows'));
  const added = await runUpsertStatement(tx, sql`select * from contact_import_rows`, input);
  await tx.execute(sql.raw('drop table contact_import_rows'));
  return added;
}

/** COPY text format, a chunk of rows at a time. */
function* copyLines(records: readonly UpsertRecord[]): Generator<string> {
  let chunk = '';
  for (let ord = 0; ord < records.length; ord += 1) {
    const record = records[ord] as UpsertRecord;
    chunk += String(ord);
    for (const key of recordKeys) chunk += `\t${copyValue(record[key])}`;
    chunk += '\n';
    if ((ord + 1) % rowsPerChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

function copyValue(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(
        /[\\\t\n\r]/g,
        (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char] ?? char,
      )
    : value;
}
