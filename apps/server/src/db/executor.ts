import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './create-database.ts';

/** A transaction of the one database type. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What engine functions run on: the database, or a transaction the caller holds. */
export type Executor = Database | Transaction;

/**
 * Independent reads, answered in order: side by side on the database (each takes a connection of
 * the pool), one after another in a transaction, whose single connection runs one query at a
 * time (node-postgres deprecates handing it a second one while the first runs).
 */
export async function readTogether<const T extends readonly unknown[]>(
  db: Executor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
