import type { HealthResponse } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';

/** The server answers and its database is reachable. */
export async function checkHealth(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<HealthResponse> {
  await deps.db.execute(sql`SELECT 1`);
  return { ok: true, now: deps.clock.now().toISOString() };
}
