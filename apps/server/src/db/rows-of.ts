/** The rows of db.execute(), whichever driver answered (node-postgres and PGlite both carry `rows`). */
export function rowsOf<Row>(result: unknown): Row[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}
