import { timeOrderedIds } from './time-ordered-ids.ts';

/**
 * Profiles turned into the rows the upsert statement reads (upsert-statement.ts). Plain
 * JavaScript with no database in it, so the CSV parsing thread (parse-csv-job.ts) does this work
 * for a big file and the server's main thread only passes the finished text on: deduplicating,
 * numbering and writing 100,000 rows held the event loop for about 0.5 s (bench B5e).
 */

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

/** One profile as the upsert statement reads it: NUL stripped, '' as null, `id` for a new contact. */
export type UpsertRecord = {
  ord: number;
  id: string;
  entity: string | null;
  pub: string | null;
  lead: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  occupation: string | null;
  location: string | null;
  last_job: string | null;
  country: string | null;
  picture_url: string | null;
  distance: number | null;
  is_premium: boolean | null;
  cf1: string | null;
  cf2: string | null;
  cf3: string | null;
};

/** The record's columns and SQL types, in this order wherever rows are spelled out (COPY lines). */
export const upsertRecordColumns = [
  ['ord', 'int'],
  ['id', 'uuid'],
  ['entity', 'text'],
  ['pub', 'text'],
  ['lead', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['full_name', 'text'],
  ['occupation', 'text'],
  ['location', 'text'],
  ['last_job', 'text'],
  ['country', 'text'],
  ['picture_url', 'text'],
  ['distance', 'smallint'],
  ['is_premium', 'boolean'],
  ['cf1', 'text'],
  ['cf2', 'text'],
  ['cf3', 'text'],
] as const satisfies readonly (readonly [keyof UpsertRecord, string])[];

/**
 * How prepared rows reach the statement: COPY text into a staging table (large files), or JSON
 * arrays read by json_to_recordset, one statement per chunk (the agent's pages; bench B5's
 * comparison).
 */
export type RecordsFormat = 'copy' | 'json';

/** Rows per chunk: a COPY write or one statement's JSON parameter of a few MB. */
export const rowsPerChunk: Record<RecordsFormat, number> = { copy: 2000, json: 5000 };

/** Profiles ready for the upsert statement: deduplicated, numbered, written out in chunks. */
export type PreparedContacts = {
  format: RecordsFormat;
  chunks: string[];
  /** Profiles given, repeats included. */
  profileCount: number;
  /** Rows in the chunks: the profiles left once repeats are dropped. */
  recordCount: number;
};

/**
 * Drops profiles that share an id with an earlier one, gives each of the rest a new contact id
 * (ascending, at `now`), and writes them in the format's chunks.
 */
export function prepareContacts(
  profiles: readonly ContactInput[],
  now: Date,
  format: RecordsFormat,
): PreparedContacts {
  const unique = dropDuplicates(profiles);
  const ids = timeOrderedIds(now, unique.length);
  const records = unique.map((profile, ord) => toRecord(profile, ord, ids[ord] as string));
  const chunks: string[] = [];
  const size = rowsPerChunk[format];
  for (let start = 0; start < records.length; start += size) {
    const chunk = records.slice(start, start + size);
    chunks.push(format === 'copy' ? copyText(chunk) : JSON.stringify(chunk));
  }
  return { format, chunks, profileCount: profiles.length, recordCount: records.length };
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

/** COPY text format, columns in upsertRecordColumns' order, one line per record. */
function copyText(records: readonly UpsertRecord[]): string {
  let text = '';
  for (const record of records) {
    text += upsertRecordColumns.map(([name]) => copyValue(record[name])).join('\t');
    text += '\n';
  }
  return text;
}

function copyValue(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(
        /[\\\t\n\r]/g,
        (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char] ?? char,
      )
    : value;
}
