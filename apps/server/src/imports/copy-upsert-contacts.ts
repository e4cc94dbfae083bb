import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/create-database.ts';
import { runUpsertStatement, upsertRecordColumnList } from './upsert-statement.ts';

const stagingTable = 'contact_import_rows';

/**
 * The bulk path (both databases): the rows (COPY text, contact-records.ts) are loaded with COPY into a temporary table dropped
 * at commit, then ONE upsert statement reads them. Must run inside the caller's transaction.
 * The staging table is not analysed: its size is known to the planner from its pages, and the
 * statement's plan (index look-ups per row, a hash join for the updates) does not depend on the
 * value statistics an ANALYZE would add (it cost about 0.2 s per 100,000 rows).
 */
export async function copyUpsertContacts(
  tx: Database,
  input: { personaId: string; importListId: string; now: Date; copyText: readonly string[] },
): Promise<number> {
  await tx.execute(
    sql`create temp table ${sql.raw(stagingTable)} (${upsertRecordColumnList}) on commit drop`,
  );
  await copyInto(tx, `copy ${stagingTable} from stdin`, input.copyText);
  const added = await runUpsertStatement(tx, sql`select * from ${sql.raw(stagingTable)}`, input);
  await tx.execute(sql`drop table ${sql.raw(stagingTable)}`);
  return added;
}

/**
 * Runs `copy … from stdin` with `chunks` as its data, on the transaction's own connection:
 * streamed through pg-copy-streams on node-postgres; on PGlite (in process, no COPY protocol
 * from a client) handed over as one Blob read from '/dev/blob'.
 */
async function copyInto(tx: Database, copyStatement: string, chunks: Iterable<string>): Promise<void> {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) {
    await pipeline(Readable.from(chunks), client.query(copyFrom(copyStatement)));
    return;
  }
  if (isPgliteClient(client)) {
    const blob = new Blob([...chunks]);
    await client.query(copyStatement.replace(/from stdin$/, `from '/dev/blob'`), [], { blob });
    return;
  }
  throw new Error('copyUpsertContacts: not inside a transaction of a known driver');
}

type PgliteQueryable = {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
};

/** drizzle keeps the driver's transaction as the session's `client` (not part of its typed API). */
function isPgliteClient(client: unknown): client is PgliteQueryable {
  return (
    typeof client === 'object' && client !== null && typeof (client as PgliteQueryable).query === 'function'
  );
}
