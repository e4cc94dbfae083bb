import type { ContactDocument, Execution } from '@outpilot/contracts';

/** Contact documents for component tests: Person n, with ids that sort like n. */
export function makeContact(index: number, overrides: Partial<ContactDocument> = {}): ContactDocument {
  const id = `6ba7b810-9dad-41d1-80b4-${String(index).padStart(12, '0')}`;
  return {
    id,
    created: '2026-03-04T10:00:00.000Z',
    picture_url: null,
    full_name: `Person ${index}`,
    first_name: 'Person',
    last_name: String(index),
    linkedin_public_identifier: `person-${index}`,
    occupation: 'Engineer',
    is_premium: index % 2 === 0,
    distance: 2,
    linkedin_entity_id: null,
    sales_lead_id: null,
    location: 'Berlin, Germany',
    country: null,
    last_job: null,
    contacted: null,
    imported: '2026-03-04T10:00:00.000Z',
    custom_field_1: null,
    custom_field_2: null,
    custom_field_3: null,
    tags: [],
    campaigns: [],
    actions: { open_linkedin_profile: { enabled: true, hint: null } },
    ...overrides,
  };
}

/** An execution document (one contact in one campaign) for component tests: in queue on a Connect. */
export function makeExecution(
  contact: ContactDocument,
  campaign: { id: string; name: string },
  overrides: Partial<Execution> = {},
): Execution {
  const on = { enabled: true, hint: null };
  return {
    id: `7ca7b810-9dad-41d1-80b4-${campaign.id.slice(-6)}${contact.id.slice(-6)}`,
    linkedin_contact: {
      id: contact.id,
      public_identifier: contact.linkedin_public_identifier ?? '',
      entity_id: contact.linkedin_entity_id,
      first_name: contact.first_name,
      last_name: contact.last_name,
      full_name: contact.full_name,
      headline: contact.occupation,
      picture: contact.picture_url,
      location: contact.location,
      country: contact.country,
      company_name: contact.last_job,
      position_title: contact.occupation,
      custom_field_1: null,
      custom_field_2: null,
      custom_field_3: null,
      connection: '2nd',
      is_premium: contact.is_premium,
      profile_url: `https://www.linkedin.com/in/${contact.linkedin_public_identifier}/`,
    },
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    created: '2026-03-05T10:00:00.000Z',
    state: 'InQueue',
    human_state: 'In queue',
    start_in: 125,
    step_executions: [
      {
        step_number: 1,
        type: 'Connect',
        is_visible: true,
        state: 'InQueue',
        human_state: 'In queue',
        hint: null,
      },
      {
        step_number: 2,
        type: 'Delay',
        is_visible: false,
        state: 'NotStarted',
        human_state: 'Not started',
        hint: null,
      },
      {
        step_number: 3,
        type: 'Message',
        is_visible: true,
        state: 'NotStarted',
        human_state: 'Not started',
        hint: null,
      },
    ],
    actions: {
      show_details: on,
      open_linkedin_profile: on,
      open_conversation: { enabled: false, hint: 'No conversation with this contact yet' },
      open_campaign: on,
      complete: on,
      resume: { enabled: false, hint: 'Only a cancelled or failed conversation can be resumed' },
    },
    conversation_url: null,
    step_number: 1,
    operation_type: 'Connect',
    run_in_minutes: 125,
    message: null,
    ...overrides,
  };
}
