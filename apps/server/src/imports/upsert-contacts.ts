import { sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { copyUpsertContacts } from './copy-upsert-contacts.ts';
import { timeOrderedIds } from './time-ordered-ids.ts';
import { runUpsertStatement, type UpsertRecord, upsertRecordColumnList } from './upsert-statement.ts';

/** One profile to store, as both the agent's uploads and the CSV import produce it. */
export type ContactInput = {
  entityId: string | null;
  publicIdentifier: string | null;
  salesLeadId: string | null;
  firstName: string | null;
  lastName: string | null;
  /** A real name; null lets the insert fall back to first + last name, then an identifier. */
  fullName: string | null;
  occupation: string | null;
  location: string | null;
  lastJob: string | null;
  country: string | null;
  pictureUrl: string | null;
  distance: number | null;
  isPremium: boolean | null;
  customField1: string | null;
  customField2: string | null;
  customField3: string | null;
};

export type UpsertResult = {
  /** Contacts newly added to the import list (new contacts and existing ones not yet in it). */
  uploaded: number;
  /** Profiles that added nothing to the list: duplicates in the batch or already in the list. */
  skipped: number;
};

/** How a set of profiles reaches the upsert statement. */
export type UpsertStrategy = 'copy' | 'batched';

/** Rows per statement on the batched path: round trips amortised, one JSON parameter of a few MB. */
export const upsertBatchSize = 5000;

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
  const unique = dropDuplicates(input.profiles);
  const skippedInInput = input.profiles.length - unique.length;
  if (unique.length === 0) return { uploaded: 0, skipped: skippedInInput };
  await lockContactWrites(db, input.personaId);
  // A big statement: no JIT compilation (its cost estimate triggers it; compiling took longer than
  // it saved, bench B5), and room to keep its intermediate rows in memory.
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`set local work_mem = '64MB'`);
  const ids = timeOrderedIds(input.now, unique.length);
  const records = unique.map((profile, ord) => toRecord(profile, ord, ids[ord] as string));
  let uploaded = 0;
  if (input.strategy === 'copy') uploaded = await copyUpsertContacts(db, { ...input, records });
  else {
    for (let start = 0; start < records.length; start += upsertBatchSize) {
      const batch = records.slice(start, start + upsertBatchSize);
      const source = sql`select * from json_to_recordset(${JSON.stringify(batch)}::json) as i(${upsertRecordColumnList})`;
      uploaded += await runUpsertStatement(db, source, input);
    }
  }
  return { uploaded, skipped: input.profiles.length - uploaded };
}

/** Waits for, then holds until the transaction ends, the right to add contacts to a workspace. */
export async function lockContactWrites(tx: Database, personaId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${contactWritesLockClass}::int, hashtext(${personaId}::text))`,
  );
}

function dropDuplicates(profiles: readonly ContactInput[]): ContactInput[] {
  const seen = new Set<string>();
  const unique: ContactInput[] = [];
  for (const profile of profiles) {
    const keys = [
      profile.entityId === null ? null : `e:${profile.entityId}`,
      profile.publicIdentifier === null ? null : `p:${profile.publicIdentifier}`,
      profile.salesLeadId === null ? null : `l:${profile.salesLeadId}`,
    ].filter((key): key is string => key !== null);
    if (keys.length === 0 || keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    unique.push(profile);
  }
  return unique;
}

/** PostgreSQL text cannot hold NUL: strip it rather than fail the whole import. */
function clean(value: string | null): string | null {
  if (value === null) return null;
  const text = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return text === '' ? null : text;
}

function toRecord(profile: ContactInput, ord: number, id: string): UpsertRecord {
  return {
    ord,
    id,
    entity: clean(profile.entityId),
    pub: clean(profile.publicIdentifier),
    lead: clean(profile.salesLeadId),
    first_name: clean(profile.firstName),
    last_name: clean(profile.lastName),
    full_name: clean(profile.fullName),
    occupation: clean(profile.occupation),
    location: clean(profile.location),
    last_job: clean(profile.lastJob),
    country: clean(profile.country),
    picture_url: clean(profile.pictureUrl),
    distance: profile.distance,
    is_premium: profile.isPremium,
    cf1: clean(profile.customField1),
    cf2: clean(profile.customField2),
    cf3: clean(profile.customField3),
  };
}
