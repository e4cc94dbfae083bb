import { type ImportSourceType, type ImportState, importStates } from '@outpilot/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './in-list.ts';
import { personas } from './schema.ts';

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The text keyword search looks in: name, headline, company and location in one string, so ONE
 * trigram index serves the search (contacts_search_trgm_idx). Each searched column is a substring
 * of it, so a column matching `ilike '%…%'` implies this matches: the search narrows by it through
 * the index and then checks the columns themselves (contacts/contact-list-query.ts). The index
 * and the query must use this same expression, so both take it from here.
 */
export function contactSearchText(columns: {
  fullName: SQLWrapper;
  occupation: SQLWrapper;
  lastJob: SQLWrapper;
  location: SQLWrapper;
}): SQL {
  return sql`(${columns.fullName} || ' ' || coalesce(${columns.occupation}, '') || ' ' || coalesce(${columns.lastJob}, '') || ' ' || coalesce(${columns.location}, ''))`;
}

/**
 * The contact database of seed 002 §3, one row per person and workspace (persona).
 *
 * Identity: a person is known by up to three network ids, each unique within the workspace
 * (partial unique indexes below): the entity id (stable), the public identifier (the in/ slug,
 * lower case, can change) and the Sales Navigator lead id. An import matches an existing contact
 * when ANY of its ids matches (entity id first, then public identifier, then lead id), updates it
 * and fills the ids it did not know yet, so a file that knows only the slug and a search that
 * knows only the entity id end on the same row (imports/upsert-contacts.ts).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    linkedinEntityId: text('linkedin_entity_id'),
    linkedinPublicIdentifier: text('linkedin_public_identifier'),
    salesLeadId: text('sales_lead_id'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    /** The headline. */
    occupation: text('occupation'),
    location: text('location'),
    /** The current company. */
    lastJob: text('last_job'),
    country: text('country'),
    pictureUrl: text('picture_url'),
    isPremium: boolean('is_premium').notNull().default(false),
    /** Connection degree 1, 2 or 3 (3rd+); null when unknown. */
    distance: smallint('distance'),
    customField1: text('custom_field_1'),
    customField2: text('custom_field_2'),
    customField3: text('custom_field_3'),
    /** Last action date. */
    contactedAt: timestampColumn('contacted_at'),
    importedAt: timestampColumn('imported_at').notNull().defaultNow(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_persona_entity_id_key')
      .on(t.personaId, t.linkedinEntityId)
      .where(sql`${t.linkedinEntityId} is not null`),
    uniqueIndex('contacts_persona_public_identifier_key')
      .on(t.personaId, t.linkedinPublicIdentifier)
      .where(sql`${t.linkedinPublicIdentifier} is not null`),
    uniqueIndex('contacts_persona_sales_lead_id_key')
      .on(t.personaId, t.salesLeadId)
      .where(sql`${t.salesLeadId} is not null`),
    check(
      'contacts_identity_check',
      sql`${t.linkedinEntityId} is not null or ${t.linkedinPublicIdentifier} is not null or ${t.salesLeadId} is not null`,
    ),
    check('contacts_distance_check', sql`${t.distance} is null or ${t.distance} in (1, 2, 3)`),
    // Sort indexes: (persona, field, id) serves `order by field, id` in either direction. Every
    // index costs each imported row its upkeep (bench B5), so only the orders people use on big
    // lists have one: imported (the default), created, name, and location (also its filter and
    // GET contacts/locations). Headline, the custom fields and last contacted sort without an
    // index: a scan of the workspace's rows. Last contacted has none so that the engine's write
    // of it after every action is a HOT update (no index touched; the table keeps free room on
    // each page for it, migration 0012): docs/decisions.md.
    index('contacts_persona_imported_idx').on(t.personaId, t.importedAt, t.id),
    index('contacts_persona_created_idx').on(t.personaId, t.createdAt, t.id),
    index('contacts_persona_full_name_idx').on(t.personaId, t.fullName, t.id),
    index('contacts_persona_location_idx').on(t.personaId, t.location, t.id),
    // Keyword search (ILIKE '%…%'): one trigram index over the four searched columns together.
    index('contacts_search_trgm_idx').using('gin', sql`${contactSearchText(t)} gin_trgm_ops`),
  ],
);

/** An import run and its list (seed 002 §2.4, §3 "Import list"); a contact's tags are list ids. */
export const importLists = pgTable(
  'import_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceType: text('source_type').$type<ImportSourceType>().notNull(),
    sourceUri: text('source_uri'),
    state: text('state').$type<ImportState>().notNull().default('running'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    uploadedCount: integer('uploaded_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorName: text('error_name'),
    errorMessage: text('error_message'),
    /** The agent's run that opened the list: opening it again for that run finds this one. */
    runId: text('run_id'),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    /** Last upload or state change; a running list silent for long is stale (imports/find-running-import.ts). */
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('import_lists_persona_created_idx').on(t.personaId, t.createdAt, t.id),
    index('import_lists_persona_running_idx').on(t.personaId).where(sql`${t.state} = 'running'`),
    uniqueIndex('import_lists_persona_run_key').on(t.personaId, t.runId).where(sql`${t.runId} is not null`),
    check('import_lists_state_check', sql`${t.state} in (${sql.raw(inList(importStates))})`),
  ],
);

/** Import list membership: the `tags` of a contact. */
export const contactTags = pgTable(
  'contact_tags',
  {
    importListId: uuid('import_list_id')
      .notNull()
      .references(() => importLists.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.importListId, t.contactId] }),
    index('contact_tags_contact_idx').on(t.contactId, t.importListId),
  ],
);

/**
 * Campaign membership of contacts as the contacts API reads it (`campaigns` of a document,
 * `campaigns/any(…)`, the delete rule). Created by migration 'contact_campaigns_view' as an
 * empty view; the campaigns area replaces it (CREATE OR REPLACE VIEW, same three columns first)
 * with a select over its own tables.
 */
export const contactCampaigns = pgView('contact_campaigns', {
  contactId: uuid('contact_id').notNull(),
  campaignId: uuid('campaign_id').notNull(),
  /** The campaign's state (Compose, Running, Stopped, Completed). */
  campaignState: text('campaign_state').notNull(),
}).existing();
