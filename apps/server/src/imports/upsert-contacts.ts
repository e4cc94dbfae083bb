import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { rowsOf } from '../list-query/rows-of.ts';
import { copyUpsertContacts, pgClientOf } from './copy-upsert-contacts.ts';

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

/** How a large set of profiles reaches the database. */
export type UpsertStrategy = 'copy' | 'batched';

/** Rows per statement: large enough to amortise round trips, small enough for one JSON parameter. */
export const upsertBatchSize = 5000;

/**
 * Stores profiles in a workspace and adds them to an import list, never duplicating a person.
 *
 * Identity rule: a profile is the contact that shares ANY of its ids (entity id, then public
 * identifier, then sales lead id; each unique per workspace). A match is updated (non-null
 * values win, missing ids are filled in unless another contact already holds them); the rest
 * are inserted. One statement per batch (data-modifying CTEs over json_to_recordset), so a batch
 * is atomic; the caller runs several batches in one transaction. Within a batch, profiles that
 * share an id with an earlier one are dropped first (counted as skipped). A concurrent insert of
 * the same person is absorbed by ON CONFLICT DO NOTHING (the profile counts as skipped).
 * With strategy 'copy' on PostgreSQL all profiles go through COPY into a temporary table and ONE
 * statement (imports/copy-upsert-contacts.ts): the same rule. Measured (bench B5): the cost of a
 * big file is the contacts table's index maintenance (13 btrees + 4 trigram GIN) and the foreign
 * key checks, not the transfer, so this saves little; it avoids 5,000-row JSON parameters.
 */
export async function upsertContacts(
  db: Database,
  input: {
    personaId: string;
    importListId: string;
    now: Date;
    profiles: readonly ContactInput[];
    /** 'copy': one COPY + one statement on PostgreSQL (batched on PGlite). Default 'batched'. */
    strategy?: UpsertStrategy | undefined;
  },
): Promise<UpsertResult> {
  let uploaded = 0;
  let skipped = 0;
  const unique = dropDuplicates(input.profiles);
  skipped += input.profiles.length - unique.length;
  const client = input.strategy === 'copy' ? pgClientOf(db) : null;
  if (client !== null && unique.length > 0) {
    const added = await copyUpsertContacts(client, db, { ...input, records: unique.map(toRecord) });
    return { uploaded: added, skipped: skipped + unique.length - added };
  }
  for (let start = 0; start < unique.length; start += upsertBatchSize) {
    const batch = unique.slice(start, start + upsertBatchSize);
    const added = await upsertBatch(db, { ...input, profiles: batch });
    uploaded += added;
    skipped += batch.length - added;
  }
  return { uploaded, skipped };
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

async function upsertBatch(
  db: Database,
  input: { personaId: string; importListId: string; now: Date; profiles: readonly ContactInput[] },
): Promise<number> {
  const records = input.profiles.map((profile, ord) => ({ ord, ...toRecord(profile) }));
  const source = sql`select * from json_to_recordset(${JSON.stringify(records)}::json) as i(
        ord int, entity text, pub text, lead text, first_name text, last_name text, full_name text,
        occupation text, location text, last_job text, country text, picture_url text,
        distance smallint, is_premium boolean, cf1 text, cf2 text, cf3 text)`;
  return runUpsertStatement(db, source, input);
}

/** A profile as the upsert statement's input row (NUL stripped, '' as null). */
export type UpsertRecord = ReturnType<typeof toRecord>;

export function toRecord(profile: ContactInput) {
  return {
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

/**
 * The upsert of one set of input rows (`source`: a select answering ord plus the UpsertRecord
 * columns, no two rows sharing an id), as ONE statement: resolve each row to the contact sharing
 * any of its ids, update the matched (one row per contact, the first by ord), insert the rest,
 * tag both with the list. Answers how many contacts were newly tagged.
 */
export async function runUpsertStatement(
  db: Database,
  source: SQL,
  input: { personaId: string; importListId: string; now: Date },
): Promise<number> {
  const persona = sql`${input.personaId}::uuid`;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with input as (${source}),
    resolved as (
      select i.*, coalesce(
        (select c.id from contacts c where c.persona_id = ${persona} and c.linkedin_entity_id = i.entity),
        (select c.id from contacts c where c.persona_id = ${persona} and c.linkedin_public_identifier = i.pub),
        (select c.id from contacts c where c.persona_id = ${persona} and c.sales_lead_id = i.lead)
      ) as contact_id
      from input i
    ),
    matched as (
      select distinct on (contact_id) * from resolved where contact_id is not null order by contact_id, ord
    ),
    updated as (
      update contacts c set
        linkedin_entity_id = coalesce(c.linkedin_entity_id, case when not exists (
          select 1 from contacts o where o.persona_id = ${persona} and o.linkedin_entity_id = i.entity
        ) then i.entity end),
        linkedin_public_identifier = coalesce(c.linkedin_public_identifier, case when not exists (
          select 1 from contacts o where o.persona_id = ${persona} and o.linkedin_public_identifier = i.pub
        ) then i.pub end),
        sales_lead_id = coalesce(c.sales_lead_id, case when not exists (
          select 1 from contacts o where o.persona_id = ${persona} and o.sales_lead_id = i.lead
        ) then i.lead end),
        first_name = coalesce(i.first_name, c.first_name),
        last_name = coalesce(i.last_name, c.last_name),
        full_name = coalesce(i.full_name, c.full_name),
        occupation = coalesce(i.occupation, c.occupation),
        location = coalesce(i.location, c.location),
        last_job = coalesce(i.last_job, c.last_job),
        country = coalesce(i.country, c.country),
        picture_url = coalesce(i.picture_url, c.picture_url),
        distance = coalesce(i.distance, c.distance),
        is_premium = coalesce(i.is_premium, c.is_premium),
        custom_field_1 = coalesce(i.cf1, c.custom_field_1),
        custom_field_2 = coalesce(i.cf2, c.custom_field_2),
        custom_field_3 = coalesce(i.cf3, c.custom_field_3)
      from matched i
      where c.id = i.contact_id and c.persona_id = ${persona}
      returning c.id
    ),
    inserted as (
      insert into contacts (
        persona_id, linkedin_entity_id, linkedin_public_identifier, sales_lead_id, first_name,
        last_name, full_name, occupation, location, last_job, country, picture_url, distance,
        is_premium, custom_field_1, custom_field_2, custom_field_3, imported_at, created_at)
      select ${persona}, i.entity, i.pub, i.lead, coalesce(i.first_name, ''), coalesce(i.last_name, ''),
        coalesce(i.full_name, nullif(concat_ws(' ', i.first_name, i.last_name), ''), i.pub, i.lead, i.entity),
        i.occupation, i.location, i.last_job, i.country, i.picture_url, i.distance,
        coalesce(i.is_premium, false), i.cf1, i.cf2, i.cf3, ${now}, ${now}
      from resolved i
      where i.contact_id is null
      order by i.ord
      on conflict do nothing
      returning id
    ),
    tagged as (
      insert into contact_tags (import_list_id, contact_id)
      select ${input.importListId}::uuid, id from (select id from updated union all select id from inserted) t
      on conflict do nothing
      returning contact_id
    )
    select count(*)::int as uploaded from tagged`);
  return rowsOf<{ uploaded: number }>(result)[0]?.uploaded ?? 0;
}
