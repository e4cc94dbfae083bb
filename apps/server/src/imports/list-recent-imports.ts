import type { RecentImportsAnswer } from '@outpilot/contracts';
import { desc, eq } from 'drizzle-orm';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { toImportList } from './import-list-document.ts';

/** GET imports/recent: the workspace's latest import lists, newest first. */
export async function listRecentImports(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; take: number },
): Promise<RecentImportsAnswer> {
  const rows = await deps.db
    .select()
    .from(importLists)
    .where(eq(importLists.personaId, input.personaId))
    .orderBy(desc(importLists.createdAt), desc(importLists.id))
    .limit(input.take);
  return { documents: rows.map(toImportList) };
}
