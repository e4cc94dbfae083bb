import type { ImportList, RenameImportRequest } from '@outpilot/contracts';
import { and, eq } from 'drizzle-orm';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { toImportList } from './import-list-document.ts';

export const importNotFoundMessage = 'Import list not found';

/** PUT imports/{id}: a new name (already trimmed, 1..50 by the contract). */
export async function renameImport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; id: string; request: RenameImportRequest },
): Promise<ImportList> {
  const [row] = await deps.db
    .update(importLists)
    .set({ name: input.request.name, updatedAt: deps.clock.now() })
    .where(and(eq(importLists.id, input.id), eq(importLists.personaId, input.personaId)))
    .returning();
  if (!row) throw new NotFoundError(importNotFoundMessage);
  return toImportList(row);
}
