import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { rowsOf } from './rows-of.ts';

/** Above this many matches a list answers an estimate rather than counting every row. */
export const exactCountCap = 10_000;

export type ListTotal = { total: number; isEstimate: boolean };

/**
 * The total of a list: exact up to exactCountCap (a count over a LIMIT subquery, so it never reads
 * more than cap + 1 rows), else the planner's row estimate (at least cap + 1), flagged.
 * `from` is the FROM + WHERE part, e.g. sql`contacts c where c.persona_id = ${id} and …`.
 */
export async function countCapped(db: Database, from: SQL, cap = exactCountCap): Promise<ListTotal> {
  const counted = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (select 1 from ${from} limit ${cap + 1}) capped`),
  );
  const total = counted[0]?.total ?? 0;
  if (total <= cap) return { total, isEstimate: false };
  const estimate = await estimateRows(db, from);
  return { total: Math.max(cap + 1, estimate), isEstimate: true };
}

async function estimateRows(db: Database, from: SQL): Promise<number> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) select 1 from ${from}`),
  );
  const first = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = typeof first === 'string' ? (JSON.parse(first) as unknown) : first;
  const planRows = (plan as [{ Plan?: { 'Plan Rows'?: unknown } }] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof planRows === 'number' && Number.isFinite(planRows) ? Math.round(planRows) : 0;
}
