import type { ContactDistance, ContactDocument } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import { contactCampaigns, contacts, contactTags } from '../db/schema.ts';

/** The select list of a contact document (raw SQL, read back by toContactDocument). */
export const contactDocumentColumns = sql`${contacts.id} as id, ${contacts.createdAt} as created,
  ${contacts.pictureUrl} as picture_url, ${contacts.fullName} as full_name,
  ${contacts.firstName} as first_name, ${contacts.lastName} as last_name,
  ${contacts.linkedinPublicIdentifier} as linkedin_public_identifier,
  ${contacts.occupation} as occupation, ${contacts.isPremium} as is_premium,
  ${contacts.distance} as distance, ${contacts.linkedinEntityId} as linkedin_entity_id,
  ${contacts.salesLeadId} as sales_lead_id, ${contacts.location} as location,
  ${contacts.country} as country, ${contacts.lastJob} as last_job,
  ${contacts.contactedAt} as contacted, ${contacts.importedAt} as imported,
  ${contacts.customField1} as custom_field_1, ${contacts.customField2} as custom_field_2,
  ${contacts.customField3} as custom_field_3`;

/** The two lists of a document; only for pages (an export does not need them). */
export const contactMembershipColumns = sql`array(select ${contactTags.importListId}::text from ${contactTags}
    where ${contactTags.contactId} = ${contacts.id} order by 1) as tags,
  array(select ${contactCampaigns.campaignId}::text from ${contactCampaigns}
    where ${contactCampaigns.contactId} = ${contacts.id} order by 1) as campaigns`;

export type ContactRow = {
  id: string;
  created: Date | string;
  picture_url: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  linkedin_public_identifier: string | null;
  occupation: string | null;
  is_premium: boolean;
  distance: number | null;
  linkedin_entity_id: string | null;
  sales_lead_id: string | null;
  location: string | null;
  country: string | null;
  last_job: string | null;
  contacted: Date | string | null;
  imported: Date | string;
  custom_field_1: string | null;
  custom_field_2: string | null;
  custom_field_3: string | null;
  tags?: string[] | string | null;
  campaigns?: string[] | string | null;
};

export const noProfileLinkHint = 'This contact has no LinkedIn profile link yet';

export function toContactDocument(row: ContactRow): ContactDocument {
  const canOpen = row.linkedin_public_identifier !== null || row.linkedin_entity_id !== null;
  return {
    id: row.id,
    created: toIso(row.created),
    picture_url: row.picture_url,
    full_name: row.full_name,
    first_name: row.first_name,
    last_name: row.last_name,
    linkedin_public_identifier: row.linkedin_public_identifier,
    occupation: row.occupation,
    is_premium: row.is_premium,
    distance: toDistance(row.distance),
    linkedin_entity_id: row.linkedin_entity_id,
    sales_lead_id: row.sales_lead_id,
    location: row.location,
    country: row.country,
    last_job: row.last_job,
    contacted: row.contacted === null ? null : toIso(row.contacted),
    imported: toIso(row.imported),
    custom_field_1: row.custom_field_1,
    custom_field_2: row.custom_field_2,
    custom_field_3: row.custom_field_3,
    tags: toIdList(row.tags),
    campaigns: toIdList(row.campaigns),
    actions: {
      open_linkedin_profile: { enabled: canOpen, hint: canOpen ? null : noProfileLinkHint },
    },
  };
}

/** Both drivers answer timestamptz as Date; a string (text protocol fallback) is parsed. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toDistance(value: number | null): ContactDistance {
  return value === 1 || value === 2 || value === 3 ? value : null;
}

/** text[] arrives parsed; an unparsed '{a,b}' literal (uuids need no quoting) is split. */
function toIdList(value: string[] | string | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}
