import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { rowsOf } from '../db/rows-of.ts';

/**
 * A readable stream of a query's rows, fetched through a server-side cursor in batches inside
 * one read-only transaction (one snapshot), so a 100k-row export never sits in memory. Each
 * batch is turned into a chunk by `format`; `head` is written first. The stream waits for the
 * consumer (back-pressure) and closes the cursor when the consumer goes away.
 *
 * On PGlite (one connection) other requests wait while an export is being read.
 */
export function streamRows<Row>(
  db: Database,
  query: SQL,
  options: { head: string; batchSize: number; format: (rows: Row[]) => string },
): Readable {
  let wake: (() => void) | null = null;
  let cancelled = false;
  const resume = () => {
    const next = wake;
    wake = null;
    next?.();
  };
  const stream = new Readable({
    read: resume,
    destroy(error, callback) {
      cancelled = true;
      resume();
      callback(error);
    },
  });
  const waitForDemand = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });

  stream.push(options.head);
  db.transaction(
    async (tx) => {
      await tx.execute(sql`declare list_export no scroll cursor for ${query}`);
      while (!cancelled) {
        const rows = rowsOf<Row>(
          await tx.execute(sql.raw(`fetch forward ${options.batchSize} from list_export`)),
        );
        if (rows.length === 0) break;
        if (!stream.push(options.format(rows)) && !cancelled) await waitForDemand();
      }
      await tx.execute(sql`close list_export`);
    },
    { accessMode: 'read only' },
  ).then(
    () => {
      if (!cancelled) stream.push(null);
    },
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
