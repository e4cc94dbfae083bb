import type { CreateImportRequest, ImportList } from '@outpilot/contracts';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { toImportList } from './import-list-document.ts';

/** POST imports (agent): opens a running import list before its profiles are uploaded. */
export async function createImport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; request: CreateImportRequest },
): Promise<ImportList> {
  const now = deps.clock.now();
  const { request } = input;
  const [row] = await deps.db
    .insert(importLists)
    .values({
      personaId: input.personaId,
      name: request.name,
      sourceType: request.source_type,
      sourceUri: request.source_uri,
      total: request.total,
      state: 'running',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('createImport: insert returned no row');
  return toImportList(row);
}
