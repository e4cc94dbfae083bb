import { executionStates } from '@outpilot/contracts';
import type { FilterFieldSpec } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import { campaigns, contactSearchText, contacts, executions } from '../db/schema.ts';
import type { FieldMappings } from '../list-query/compile-filter.ts';
import type { ListQueryDefinition } from '../list-query/compile-list-query.ts';

/**
 * `$filter` allow-list of execution lists (§7: 'campaign_id eq', 'id in (...)', status filter).
 * `linkedin_contact/id` is the document's path to the contact, which the contacts screen's
 * 'Participate in campaigns' menu filters by (seed 002 §7.1); `contact_id` is the same column.
 */
export const executionFilterFields = {
  id: { type: 'uuid' },
  campaign_id: { type: 'uuid' },
  contact_id: { type: 'uuid' },
  'linkedin_contact/id': { type: 'uuid' },
  /** The inbox finds a conversation's executions by the participant's network entity id. */
  'linkedin_contact/linkedin_entity_id': { type: 'string' },
  /** …or by the profile slug, for contacts imported by URL whose entity id the app never learnt. */
  'linkedin_contact/linkedin_public_identifier': { type: 'string' },
  state: { type: 'enum', values: executionStates },
  created: { type: 'datetime' },
  full_name: { type: 'string' },
} as const satisfies FilterFieldSpec;

export const executionSortableFields = ['created', 'state', 'full_name'] as const;
export type ExecutionSortableField = (typeof executionSortableFields)[number];

const scalar = (column: SQL, nullable: boolean) => ({ kind: 'scalar', column, nullable }) as const;

/** Over executions joined with contacts; default created asc (§9). */
export const executionListQuery: ListQueryDefinition<ExecutionSortableField> = {
  spec: executionFilterFields,
  fields: {
    id: scalar(sql`${executions.id}`, false),
    campaign_id: scalar(sql`${executions.campaignId}`, false),
    contact_id: scalar(sql`${executions.contactId}`, false),
    'linkedin_contact/id': scalar(sql`${executions.contactId}`, false),
    'linkedin_contact/linkedin_entity_id': scalar(sql`${contacts.linkedinEntityId}`, true),
    'linkedin_contact/linkedin_public_identifier': scalar(sql`${contacts.linkedinPublicIdentifier}`, true),
    state: scalar(sql`${executions.state}`, false),
    created: scalar(sql`${executions.createdAt}`, false),
    full_name: scalar(sql`${contacts.fullName}`, false),
  } satisfies FieldMappings,
  sortable: executionSortableFields,
  sortColumns: {
    created: sql`${executions.createdAt}`,
    state: sql`${executions.state}`,
    full_name: sql`${contacts.fullName}`,
  },
  defaultOrderBy: 'created asc',
  idColumn: sql`${executions.id}`,
  searchColumns: [sql`${contacts.fullName}`, sql`${contacts.occupation}`, sql`${contacts.lastJob}`],
  // The contacts' trigram index (over these columns and the location) can find a rare name.
  searchIndexedText: contactSearchText(contacts),
  paging: { defaultTake: 25, maxTake: 1000 },
};

/**
 * A persona's executions, found through its campaigns (executions_campaign_id_state_idx): the
 * table has no persona index, one less to write per launched contact and per move. persona_id is
 * still compared, the tenancy rule of every list.
 */
export function executionsOfPersona(personaId: string): SQL {
  return sql`${executions.personaId} = ${personaId}::uuid and ${executions.campaignId} in (
    select ${campaigns.id} from ${campaigns} where ${campaigns.personaId} = ${personaId}::uuid)`;
}
