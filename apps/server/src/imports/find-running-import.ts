import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { importLists } from '../db/schema.ts';

/**
 * A running import silent for this long is taken as abandoned (the agent's tab was closed
 * mid-run), so it stops blocking new uploads; the agent reports at least every batch.
 */
export const staleImportAfterMs = 30 * 60_000;

/** The workspace's live running import list, if any ('Finish the started export'). */
export async function findRunningImport(
  db: Database,
  personaId: string,
  now: Date,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: importLists.id })
    .from(importLists)
    .where(
      and(
        eq(importLists.personaId, personaId),
        eq(importLists.state, 'running'),
        gt(importLists.updatedAt, new Date(now.getTime() - staleImportAfterMs)),
      ),
    )
    .orderBy(desc(importLists.updatedAt))
    .limit(1);
  return row ?? null;
}
