import type { ImportList } from '@outpilot/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { importLists } from '../db/schema.ts';

export type ImportListRow = typeof importLists.$inferSelect;

export function toImportList(row: ImportListRow): ImportList {
  return {
    id: row.id,
    name: row.name,
    source_uri: row.sourceUri,
    source_type: row.sourceType,
    created: row.createdAt.toISOString(),
    state: row.state,
    processed: row.processed,
    total: row.total,
    uploaded_count: row.uploadedCount,
    skipped_count: row.skippedCount,
  };
}

/** The persona's import list, or null when it does not exist or belongs to another workspace. */
export async function findImportList(
  db: Database,
  personaId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ImportListRow | null> {
  const query = db
    .select()
    .from(importLists)
    .where(and(eq(importLists.id, id), eq(importLists.personaId, personaId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}
