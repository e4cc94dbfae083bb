import { exportFileName } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/**
 * The name of an export made now, for every export: 'Outpilot_Export_<date>_<time>.csv' (seed 002
 * §7.1, the helper seed 001's exports name too), the time in the workspace's timezone.
 */
export async function exportFileNameOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  personaId: string,
): Promise<string> {
  const [persona] = await deps.db
    .select({ timezoneOffset: personas.timezoneOffset })
    .from(personas)
    .where(eq(personas.id, personaId))
    .limit(1);
  return exportFileName(deps.clock.now(), persona?.timezoneOffset ?? 0);
}
