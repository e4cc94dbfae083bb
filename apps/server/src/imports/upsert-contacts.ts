import { sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { type ContactInput, type PreparedContacts, prepareContacts } from './contact-records.ts';
import { copyUpsertContacts } from './copy-upsert-contacts.ts';
import { runUpsertStatement, upsertRecordColumnList } from './upsert-statement.ts';

export type UpsertResult = {
  /** Contacts newly added to the import list (new contacts and existing ones not yet in it). */
  uploaded: number;
  /** Profiles that added nothing to the list: duplicates in the batch or already in the list. */
  skipped: number;
};

/** How a set of profiles reaches the upsert statement. */
export type UpsertStrategy = 'copy' | 'batched';

/**
 * Advisory lock class of "contact writes of one workspace" (key 2: the workspace). Two-key advisory
 * locks never meet one-key ones (the migration lock), and no other code takes this class.
 */
const contactWritesLockClass = 7_415_002;

/**
 * Stores profiles in a workspace and adds them to an import list, never duplicating a person.
 * Must run inside the caller's transaction: it takes the workspace's contact-write lock until
 * commit, so imports of one workspace run one after the other and the statement needs no
 * ON CONFLICT (upsert-statement.ts). Imports of different workspaces do not wait for each other.
 *
 * Identity rule: a profile is the contact that shares ANY of its ids (entity id, then public
 * identifier, then sales lead id; each unique per workspace). A match is updated (non-null
 * values win, missing ids are filled in unless another contact already holds them); the rest
 * are inserted with ascending ids (time-ordered-ids.ts). Profiles that share an id with an
 * earlier one are dropped first (counted as skipped).
 *
 * Strategy 'copy' (large files): every profile goes through COPY into a temporary table and ONE
 * statement (copy-upsert-contacts.ts); 'batched' (the default; the agent's pages of 100): one
 * statement per 5,000 profiles over a JSON parameter. The same statement either way.
 */
export async function upsertContacts(
  db: Database,
  input: {
    personaId: string;
    importListId: string;
    now: Date;
    profiles: readonly ContactInput[];
    strategy?: UpsertStrategy | undefined;
  },
): Promise<UpsertResult> {
  const format = input.strategy === 'copy' ? 'copy' : 'json';
  return storePreparedContacts(db, {
    ...input,
    prepared: prepareContacts(input.profiles, input.now, format),
  });
}

/**
 * upsertContacts for profiles already prepared (contact-records.ts), by the CSV parsing thread
 * for a file: the main thread only hands the chunks to the database.
 */
export async function storePreparedContacts(
  db: Database,
  input: { personaId: string; importListId: string; now: Date; prepared: PreparedContacts },
): Promise<UpsertResult> {
  const { prepared } = input;
  if (prepared.recordCount === 0) return { uploaded: 0, skipped: prepared.profileCount };
  await lockContactWrites(db, input.personaId);
  // A big statement: no JIT compilation (its cost estimate triggers it; compiling took longer than
  // it saved, bench B5), and room to keep its intermediate rows in memory.
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`set local work_mem = '64MB'`);
  let uploaded = 0;
  if (prepared.format === 'copy')
    uploaded = await copyUpsertContacts(db, { ...input, copyText: prepared.chunks });
  else {
    for (const chunk of prepared.chunks) {
      const source = sql`select * from json_to_recordset(${chunk}::json) as i(${upsertRecordColumnList})`;
      uploaded += await runUpsertStatement(db, source, input);
    }
  }
  return { uploaded, skipped: prepared.profileCount - uploaded };
}

/** Waits for, then holds until the transaction ends, the right to add contacts to a workspace. */
export async function lockContactWrites(tx: Database, personaId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${contactWritesLockClass}::int, hashtext(${personaId}::text))`,
  );
}
