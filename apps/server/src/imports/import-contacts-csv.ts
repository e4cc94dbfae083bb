import { type ImportList, importNameMaxLength, importTexts } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { findRunningImport } from './find-running-import.ts';
import { toImportList } from './import-list-document.ts';
import {
  ContactsFileRefused,
  type ParsedContactsFile,
  parseContactsFileOffThread,
} from './parse-csv-off-thread.ts';
import { storePreparedContacts, type UpsertStrategy } from './upsert-contacts.ts';

/** The largest contact file accepted (the route's body limit). */
export const maxCsvFileBytes = 50 * 1024 * 1024;
export const csvFileField = 'file';

/**
 * Workspaces with a file being read or stored by this server. A second file of the same workspace
 * is refused at once (rather than parsed, then queued behind the first on the contact-write lock):
 * one signed-in user cannot pile up parsing work, and the wizard says why.
 */
const workspacesImportingFiles = new Set<string>();

/**
 * POST imports/csv: a contact file (§5) read, validated and deduplicated on the server, then
 * stored in ONE transaction with its import list: a refused or failing file leaves nothing
 * behind. The list is answered completed, with uploaded and skipped counts (skipped: rows
 * without a usable link, repeats in the file, contacts already in the list).
 */
export async function importContactsCsv(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    personaId: string;
    bytes: Uint8Array;
    name?: string | undefined;
    fileName?: string | undefined;
    /** How rows reach the database; default 'copy', benchmarks compare 'batched'. */
    strategy?: UpsertStrategy | undefined;
  },
): Promise<ImportList> {
  if (workspacesImportingFiles.has(input.personaId)) {
    throw new ValidationError(csvFileField, importTexts.finishStartedExport);
  }
  workspacesImportingFiles.add(input.personaId);
  try {
    // The import's instant: its list, and the ids and creation time of the contacts it adds.
    const now = deps.clock.now();
    const format = (input.strategy ?? 'copy') === 'copy' ? 'copy' : 'json';
    return await storeFile(deps, input, now, await readFile(input.bytes, { now, format }));
  } finally {
    workspacesImportingFiles.delete(input.personaId);
  }
}

async function storeFile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: Parameters<typeof importContactsCsv>[1],
  now: Date,
  parsed: ParsedContactsFile,
): Promise<ImportList> {
  const skippedInFile = parsed.skippedDuplicates + parsed.skippedInvalid;
  const total = parsed.prepared.profileCount + skippedInFile;
  return deps.db.transaction(async (tx) => {
    if ((await findRunningImport(tx, input.personaId, now)) !== null) {
      throw new ValidationError(csvFileField, importTexts.finishStartedExport);
    }
    const [list] = await tx
      .insert(importLists)
      .values({
        personaId: input.personaId,
        name: listName(input.name, input.fileName, now),
        sourceType: 'csv_file',
        sourceUri: null,
        state: 'running',
        total,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: importLists.id });
    if (!list) throw new Error('importContactsCsv: insert returned no row');
    const result = await storePreparedContacts(tx, {
      personaId: input.personaId,
      importListId: list.id,
      now,
      prepared: parsed.prepared,
    });
    const [row] = await tx
      .update(importLists)
      .set({
        state: 'completed',
        processed: total,
        uploadedCount: result.uploaded,
        skippedCount: result.skipped + skippedInFile,
      })
      .where(eq(importLists.id, list.id))
      .returning();
    if (!row) throw new Error('importContactsCsv: update returned no row');
    return toImportList(row);
  });
}

async function readFile(
  bytes: Uint8Array,
  options: Parameters<typeof parseContactsFileOffThread>[1],
): Promise<ParsedContactsFile> {
  if (bytes.length === 0) throw new ValidationError(csvFileField, importTexts.noProfilesInFile);
  try {
    return await parseContactsFileOffThread(bytes, options);
  } catch (error) {
    if (error instanceof ContactsFileRefused) throw new ValidationError(csvFileField, error.message, error);
    throw error;
  }
}

/** The given name, else the file's name without extension, else 'CSV import <date>'; at most 50. */
function listName(name: string | undefined, fileName: string | undefined, now: Date): string {
  const fromFile = fileName
    ?.replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  const chosen = name?.trim() || fromFile || `CSV import ${now.toISOString().slice(0, 10)}`;
  return chosen.slice(0, importNameMaxLength);
}
