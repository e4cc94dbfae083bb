import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { rowsOf } from '../db/rows-of.ts';
import { upsertRecordColumns } from './contact-records.ts';

/** `ord int, id uuid, …`: a column definition list (json_to_recordset, a staging table). */
export const upsertRecordColumnList = sql.raw(
  upsertRecordColumns.map(([name, type]) => `${name} ${type}`).join(', '),
);

/**
 * `column = …` for a field the network describes (name, headline, location, company, country).
 * A row from the network (it carries an entity id) updates it with what it knows. A row from a
 * contact file (no entity id) on a contact the network described (it has an entity id) only
 * fills what the network left empty: a file never erases what the network said, as a
 * spreadsheet's 'Teacher' / 'Germany' would replace 'Teacher at Falcon Payments' / 'Manchester'.
 * On a contact only files described, the newer file wins. Custom fields are the file's own.
 */
function networkDescribed(column: string, inputColumn: string): SQL {
  return sql.raw(
    `${column} = case when i.entity is null and c.linkedin_entity_id is not null ` +
      `then coalesce(c.${column}, i.${inputColumn}) else coalesce(i.${inputColumn}, c.${column}) end`,
  );
}

/**
 * The upsert of one set of input rows (`source`: a select answering the UpsertRecord columns, no
 * two rows sharing an id), as ONE statement: resolve each row to the contact sharing any of its
 * ids, update the matched (one row per contact, the first by ord), insert the rest under their
 * given ids, tag both with the list (a contact already in it stays as it is). Answers how many
 * contacts were newly tagged.
 *
 * New contacts are inserted without ON CONFLICT: the caller holds the workspace's contact-write
 * lock (upsert-contacts.ts), so no other transaction adds a contact of this workspace meanwhile,
 * and ON CONFLICT would cost every inserted row a speculative insertion. Their tags cannot exist
 * yet either; only the updated contacts' tags are inserted with ON CONFLICT DO NOTHING.
 *
 * The update joins on the primary key alone: each contact_id came from a look-up scoped to the
 * workspace already. With the workspace's condition there too, stale statistics (contacts added
 * since the last ANALYZE) made the planner scan the workspace's contacts once per matched row
 * (5,000 × 5,000 comparisons, 1.6 s of a 100,000-row import); by key it is one probe per row.
 */
export async function runUpsertStatement(
  db: Database,
  source: SQL,
  input: { personaId: string; importListId: string; now: Date },
): Promise<number> {
  const persona = sql`${input.personaId}::uuid`;
  const list = sql`${input.importListId}::uuid`;
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
        ${networkDescribed('first_name', 'first_name')},
        ${networkDescribed('last_name', 'last_name')},
        ${networkDescribed('full_name', 'full_name')},
        ${networkDescribed('occupation', 'occupation')},
        ${networkDescribed('location', 'location')},
        ${networkDescribed('last_job', 'last_job')},
        ${networkDescribed('country', 'country')},
        picture_url = coalesce(i.picture_url, c.picture_url),
        distance = coalesce(i.distance, c.distance),
        is_premium = coalesce(i.is_premium, c.is_premium),
        custom_field_1 = coalesce(i.cf1, c.custom_field_1),
        custom_field_2 = coalesce(i.cf2, c.custom_field_2),
        custom_field_3 = coalesce(i.cf3, c.custom_field_3)
      from matched i
      where c.id = i.contact_id
      returning c.id
    ),
    inserted as (
      insert into contacts (
        id, persona_id, linkedin_entity_id, linkedin_public_identifier, sales_lead_id, first_name,
        last_name, full_name, occupation, location, last_job, country, picture_url, distance,
        is_premium, custom_field_1, custom_field_2, custom_field_3, imported_at, created_at)
      select i.id, ${persona}, i.entity, i.pub, i.lead, coalesce(i.first_name, ''), coalesce(i.last_name, ''),
        coalesce(i.full_name, nullif(concat_ws(' ', i.first_name, i.last_name), ''), i.pub, i.lead, i.entity),
        i.occupation, i.location, i.last_job, i.country, i.picture_url, i.distance,
        coalesce(i.is_premium, false), i.cf1, i.cf2, i.cf3, ${now}, ${now}
      from resolved i
      where i.contact_id is null
      order by i.ord
      returning id
    ),
    tagged_new as (
      insert into contact_tags (import_list_id, contact_id) select ${list}, id from inserted
      returning contact_id
    ),
    tagged_known as (
      insert into contact_tags (import_list_id, contact_id) select ${list}, id from updated
      on conflict do nothing
      returning contact_id
    )
    select (select count(*) from tagged_new)::int + (select count(*) from tagged_known)::int as uploaded`);
  return rowsOf<{ uploaded: number }>(result)[0]?.uploaded ?? 0;
}
