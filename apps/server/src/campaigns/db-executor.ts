import type { Database } from '../db/create-database.ts';

/** A transaction of the one database type. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What engine functions run on: the database, or a transaction the caller holds. */
export type Executor = Database | Transaction;

/** The rows of a raw `execute` on either driver (node-postgres and PGlite both answer { rows }). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
