import { exportFileName } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/** A file answer: not serialised, the body is the CSV text (UTF-8 with BOM), often a stream. */
export const csvFileSchema = z.unknown().describe('A CSV file (UTF-8 with BOM), downloaded as an attachment');

/** 'attachment; filename="…"' with an RFC 5987 copy for non-ASCII names. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The Content-Disposition of every export: 'Outpilot_Export_<date>_<time>.csv' (seed 002 §7.1,
 * the helper seed 001's exports name too), the time in the workspace's timezone.
 */
export async function exportAttachment(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  personaId: string,
): Promise<string> {
  const [persona] = await deps.db
    .select({ timezoneOffset: personas.timezoneOffset })
    .from(personas)
    .where(eq(personas.id, personaId))
    .limit(1);
  return attachment(exportFileName(deps.clock.now(), persona?.timezoneOffset ?? 0));
}
