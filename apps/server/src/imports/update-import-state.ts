import type { ImportList, UpdateImportStateRequest } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { findImportList, toImportList } from './import-list-document.ts';
import { importFinishedError } from './import-state-error.ts';
import { importNotFoundMessage } from './rename-import.ts';

/** PUT imports/{id}/state (agent): running → completed, failed (with the error) or stopped. */
export async function updateImportState(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; id: string; request: UpdateImportStateRequest },
): Promise<ImportList> {
  const { request } = input;
  return deps.db.transaction(async (tx) => {
    const list = await findImportList(tx, input.personaId, input.id, { forUpdate: true });
    if (list === null) throw new NotFoundError(importNotFoundMessage);
    if (list.state !== 'running') throw importFinishedError();
    const [row] = await tx
      .update(importLists)
      .set({
        state: request.state,
        ...(request.processed === undefined ? {} : { processed: request.processed }),
        errorName: request.state === 'failed' ? (request.error?.name ?? 'Error') : null,
        errorMessage: request.state === 'failed' ? (request.error?.message ?? null) : null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(importLists.id, list.id))
      .returning();
    if (!row) throw new NotFoundError(importNotFoundMessage);
    return toImportList(row);
  });
}
