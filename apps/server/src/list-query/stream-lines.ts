import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/create-database.ts';
import { copyBinaryValues } from './copy-binary-values.ts';
import { streamRows } from './stream-rows.ts';

const dialect = new PgDialect();
const cursorBatchSize = 1000;

/**
 * A file as a stream: `head`, then the `line` column of `query` (one text column named line, each
 * value a whole line with its line end), row after row, never all in memory; the consumer's pace
 * holds the database back (back-pressure).
 *
 * PostgreSQL: `COPY (query) TO STDOUT (FORMAT binary)` on a pooled connection of its own, one
 * statement and so one snapshot, as fast as the server can produce rows. COPY takes no bound
 * parameters, so the query's are written into it as literals by drizzle (quotes doubled) with
 * standard_conforming_strings forced on for the statement, under which that quoting is exact.
 * PGlite (in process, no COPY to a client): a cursor read in batches (stream-rows.ts).
 */
export function streamLines(db: Database, query: SQL, head: string): Readable {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return streamRows<{ line: string }>(db, query, {
      head,
      batchSize: cursorBatchSize,
      format: (rows) => rows.map((row) => row.line).join(''),
    });
  }
  const output = new PassThrough();
  output.write(head);
  void copyLines(pool, query, output);
  return output;
}

async function copyLines(pool: pg.Pool, query: SQL, output: PassThrough): Promise<void> {
  let client: pg.PoolClient | undefined;
  let failure: Error | undefined;
  try {
    client = await pool.connect();
    const copy = dialect.sqlToQuery(sql`copy (${query}) to stdout (format binary)`.inlineParams());
    await client.query('begin read only');
    await client.query('set local standard_conforming_strings = on');
    await pipeline(client.query(copyTo(copy.sql)), copyBinaryValues(), output);
    await client.query('commit');
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    output.destroy(failure);
  } finally {
    // A connection left in the middle of a COPY (the consumer went away) is closed, not reused.
    client?.release(failure);
  }
}
