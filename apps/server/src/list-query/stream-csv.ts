import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/create-database.ts';
import { crlfLineEnds } from './crlf-line-ends.ts';
import { streamRows } from './stream-rows.ts';

const dialect = new PgDialect();
const cursorBatchSize = 1000;

/** A cell as COPY (FORMAT csv, FORCE_QUOTE *) writes it: quoted, inner quotes doubled. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A CSV file as a stream: `head`, then one line per row of `query`, whose columns are the cells
 * (text, never null), each quoted with inner quotes doubled, separated by commas, ended by CRLF.
 * Never all in memory; the consumer's pace holds the database back (back-pressure).
 *
 * PostgreSQL: `COPY (query) TO STDOUT (FORMAT csv, FORCE_QUOTE *)`, the server's own CSV writer, on
 * a pooled connection of its own (one statement, one snapshot), its LF line ends made CRLF.
 * COPY takes no bound parameters, so the query's are written into it as literals by drizzle
 * (quotes doubled) with standard_conforming_strings forced on, under which that quoting is exact.
 * PGlite (in process, no COPY to a client): the rows through a cursor (stream-rows.ts), quoted here.
 */
export function streamCsv(db: Database, query: SQL, head: string): Readable {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return streamRows<Record<string, string>>(db, query, {
      head,
      batchSize: cursorBatchSize,
      format: (rows) => rows.map((row) => `${Object.values(row).map(quoted).join(',')}\r\n`).join(''),
    });
  }
  const output = new PassThrough();
  output.write(head);
  void copyCsv(pool, query, output);
  return output;
}

async function copyCsv(pool: pg.Pool, query: SQL, output: PassThrough): Promise<void> {
  let client: pg.PoolClient | undefined;
  let failure: Error | undefined;
  try {
    client = await pool.connect();
    const copy = dialect.sqlToQuery(
      sql`copy (${query}) to stdout (format csv, force_quote *)`.inlineParams(),
    );
    await client.query('begin read only');
    await client.query('set local standard_conforming_strings = on');
    // The cells' expressions look costly to the planner (a subquery per row it rarely runs), which
    // makes it JIT-compile the statement: 0.2 s per export, longer than the rows took to write.
    await client.query('set local jit = off');
    await pipeline(client.query(copyTo(copy.sql)), crlfLineEnds(), output);
    await client.query('commit');
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    output.destroy(failure);
  } finally {
    // A connection left in the middle of a COPY (the consumer went away) is closed, not reused.
    client?.release(failure);
  }
}
