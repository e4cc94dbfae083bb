import type { ImportList } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { findImportList, toImportList } from './import-list-document.ts';

/** GET imports/{id}: the list, or null (the route answers 204, "not found" in the spec's words). */
export async function getImport(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; id: string },
): Promise<ImportList | null> {
  const row = await findImportList(deps.db, input.personaId, input.id);
  return row === null ? null : toImportList(row);
}
