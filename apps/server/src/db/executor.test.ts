import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { type Executor, readTogether } from './executor.ts';
import { rowsOf } from './rows-of.ts';

describe.each(testBackends())('readTogether on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  /** Two reads that note when each was sent and when each answered. */
  async function twoReads(db: Executor) {
    const events: string[] = [];
    const read = (name: string, value: number) => async () => {
      events.push(`${name} sent`);
      const [row] = rowsOf<{ value: number }>(
        await db.execute(sql`select ${value}::int as value, pg_sleep(0.05)`),
      );
      events.push(`${name} answered`);
      return row?.value;
    };
    const answers = await readTogether(db, [read('first', 1), read('second', 2)]);
    return { answers, events };
  }

  it('sends the reads side by side on the database and answers them in order', async () => {
    const { answers, events } = await twoReads(server.db);
    expect(answers).toEqual([1, 2]);
    expect(events.slice(0, 2)).toEqual(['first sent', 'second sent']);
  });

  it('sends them one after another in a transaction, whose one connection takes one query at a time', async () => {
    const { answers, events } = await server.db.transaction((tx) => twoReads(tx));
    expect(answers).toEqual([1, 2]);
    expect(events).toEqual(['first sent', 'first answered', 'second sent', 'second answered']);
  });
});
