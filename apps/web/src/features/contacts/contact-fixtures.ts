import type { ContactDocument } from '@outpilot/contracts';

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
    location: 'Berlin, Germany',
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
