import type { CreateImportRequest, ImportList } from '@outpilot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { requirePlanFeature } from '../billing/load-subscription.ts';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { toImportList } from './import-list-document.ts';

/**
 * POST imports (agent): opens a running import list before its profiles are uploaded. With a
 * run_id, at most one list per run: the same run opening again gets the list it opened. A Sales
 * Navigator import needs a plan with that feature (403 otherwise).
 */
export async function createImport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; request: CreateImportRequest },
): Promise<ImportList> {
  const { request } = input;
  if (request.source_type === 'sales_navigator_search') {
    await requirePlanFeature(deps, input.personaId, 'salesNavigatorImports');
  }
  const now = deps.clock.now();
  const runId = request.run_id ?? null;
  const [row] = await deps.db
    .insert(importLists)
    .values({
      personaId: input.personaId,
      name: request.name,
      sourceType: request.source_type,
      sourceUri: request.source_uri,
      total: request.total,
      state: 'running',
      runId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({
      target: [importLists.personaId, importLists.runId],
      where: sql`run_id is not null`,
    })
    .returning();
  if (row) return toImportList(row);
  const [opened] = runId
    ? await deps.db
        .select()
        .from(importLists)
        .where(and(eq(importLists.personaId, input.personaId), eq(importLists.runId, runId)))
    : [];
  if (!opened) throw new Error('createImport: insert returned no row');
  return toImportList(opened);
}
