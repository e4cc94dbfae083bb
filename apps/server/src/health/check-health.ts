import type { HealthResponse } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { serverVersion } from '../version.ts';

/** The server answers and its database is reachable. */
export async function checkHealth(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  databaseKind: HealthResponse['database'],
): Promise<HealthResponse> {
  await deps.db.execute(sql`SELECT 1`);
  return { ok: true, version: serverVersion, database: databaseKind, now: deps.clock.now().toISOString() };
}
