import { importStaleAfterMs } from '@outpilot/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { importLists } from '../db/schema.ts';

/**
 * The workspace's live running import list, if any ('Finish the started export'). A running list
 * without an upload or state change for importStaleAfterMs is abandoned (its agent's tab was closed
 * and not reopened, or the agent was removed): it no longer blocks, so no list can block forever.
 * The same period decides whether an agent that comes back resumes the run or ends it as stopped.
 */
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
        gt(importLists.updatedAt, new Date(now.getTime() - importStaleAfterMs)),
      ),
    )
    .orderBy(desc(importLists.updatedAt))
    .limit(1);
  return row ?? null;
}
