import type { ContactsSelectionQuery } from '@outpilot/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { contactCampaigns, contacts } from '../db/schema.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { contactListQuery, scopedToPersona } from './contact-list-query.ts';

export const runningCampaignRule = "Contacts in running campaigns can't be deleted";

/** The contacts a delete (or its preview) is about: filter and searchQuery, in the workspace. */
export function selectedContacts(personaId: string, query: ContactsSelectionQuery): SQL {
  const compiled = compileListQuery({ filter: query.filter, keywords: query.searchQuery }, contactListQuery);
  return scopedToPersona(personaId, compiled.where);
}

/** The rule that keeps a contact: it takes part in a Running campaign. */
export const inRunningCampaign = sql`exists (select 1 from ${contactCampaigns}
  where ${contactCampaigns.contactId} = ${contacts.id} and ${contactCampaigns.campaignState} = 'Running')`;
