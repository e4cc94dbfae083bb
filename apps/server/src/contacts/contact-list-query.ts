import {
  type ContactSortableField,
  contactDefaultOrderBy,
  contactFilterFields,
  contactSortableFields,
  contactsMaxSkip,
  contactsMaxTake,
  defaultContactPageSize,
} from '@outpilot/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  campaigns,
  contactCampaigns,
  contactSearchText,
  contacts,
  contactTags,
  executions,
} from '../db/schema.ts';
import type { FieldMappings } from '../list-query/compile-filter.ts';
import type { ListQueryDefinition } from '../list-query/compile-list-query.ts';

const scalar = (column: SQL, nullable: boolean) => ({ kind: 'scalar', column, nullable }) as const;

/** `tags`: the contact's import lists (contact_tags). */
const tagsOfContact = {
  kind: 'collection',
  element: sql`${contactTags.importListId}`,
  exists: (condition: SQL | undefined) =>
    sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id}${
      condition ? sql` and ${condition}` : sql``
    })`,
} as const;

/** `campaigns`: the campaigns the contact takes part in (the contact_campaigns view). */
const campaignsOfContact = {
  kind: 'collection',
  element: sql`${contactCampaigns.campaignId}`,
  exists: (condition: SQL | undefined) =>
    sql`exists (select 1 from ${contactCampaigns} where ${contactCampaigns.contactId} = ${contacts.id}${
      condition ? sql` and ${condition}` : sql``
    })`,
} as const;

/**
 * `executions`: the contact's executions, one per campaign it was launched in (the unique
 * campaign_id, contact_id index finds it). `step_type` is read from the campaign's stored steps at
 * the execution's step index, as executionHumanState does.
 */
const executionsOfContact = {
  kind: 'collection',
  members: {
    campaign_id: scalar(sql`${executions.campaignId}`, false),
    state: scalar(sql`${executions.state}`, false),
    step_type: scalar(
      sql`(select (${campaigns.steps} -> ${executions.stepIndex}) ->> 'type' from ${campaigns} where ${campaigns.id} = ${executions.campaignId})`,
      true,
    ),
  },
  exists: (condition: SQL | undefined) =>
    sql`exists (select 1 from ${executions} where ${executions.contactId} = ${contacts.id}${
      condition ? sql` and ${condition}` : sql``
    })`,
} as const;

/** Every field of contactFilterFields, mapped onto the contacts table. */
export const contactFieldMappings = {
  id: scalar(sql`${contacts.id}`, false),
  full_name: scalar(sql`${contacts.fullName}`, false),
  occupation: scalar(sql`${contacts.occupation}`, true),
  location: scalar(sql`${contacts.location}`, true),
  distance: { ...scalar(sql`${contacts.distance}`, true), integerType: 'smallint' },
  is_premium: scalar(sql`${contacts.isPremium}`, false),
  contacted: scalar(sql`${contacts.contactedAt}`, true),
  created: scalar(sql`${contacts.createdAt}`, false),
  imported: scalar(sql`${contacts.importedAt}`, false),
  tags: tagsOfContact,
  campaigns: campaignsOfContact,
  executions: executionsOfContact,
  custom_field_1: scalar(sql`${contacts.customField1}`, true),
  custom_field_2: scalar(sql`${contacts.customField2}`, true),
  custom_field_3: scalar(sql`${contacts.customField3}`, true),
} satisfies Record<keyof typeof contactFilterFields, FieldMappings[string]>;

const sortColumns: Record<ContactSortableField, SQL> = {
  full_name: sql`${contacts.fullName}`,
  contacted: sql`${contacts.contactedAt}`,
  created: sql`${contacts.createdAt}`,
  custom_field_1: sql`${contacts.customField1}`,
  custom_field_2: sql`${contacts.customField2}`,
  custom_field_3: sql`${contacts.customField3}`,
  occupation: sql`${contacts.occupation}`,
  location: sql`${contacts.location}`,
  imported: sql`${contacts.importedAt}`,
};

/** Searched by keywords: name, headline, company, location (one trigram index over the four). */
export const contactSearchColumns: readonly SQL[] = [
  sql`${contacts.fullName}`,
  sql`${contacts.occupation}`,
  sql`${contacts.lastJob}`,
  sql`${contacts.location}`,
];

/** The contacts list of GET contacts/page, export, delete preview and delete. */
export const contactListQuery: ListQueryDefinition<ContactSortableField> = {
  spec: contactFilterFields,
  fields: contactFieldMappings,
  sortable: contactSortableFields,
  sortColumns,
  defaultOrderBy: contactDefaultOrderBy.allContacts,
  idColumn: sql`${contacts.id}`,
  searchColumns: contactSearchColumns,
  searchIndexedText: contactSearchText(contacts),
  paging: { defaultTake: defaultContactPageSize, maxTake: contactsMaxTake, maxSkip: contactsMaxSkip },
};

/** The tenancy scope AND the compiled condition. */
export function scopedToPersona(personaId: string, where: SQL | undefined): SQL {
  const scope = sql`${contacts.personaId} = ${personaId}::uuid`;
  return where ? sql`${scope} and ${where}` : scope;
}
