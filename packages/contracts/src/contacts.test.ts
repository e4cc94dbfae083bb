import { describe, expect, it } from 'vitest';
import { contactDocumentSchema, contactLocationsQuerySchema, contactsPageQuerySchema } from './contacts.ts';

describe('contactsPageQuerySchema', () => {
  it('coerces take and skip from the query string', () => {
    expect(contactsPageQuerySchema.parse({ $take: '25', $skip: '50', $orderby: 'imported desc' })).toEqual({
      $take: 25,
      $skip: 50,
      $orderby: 'imported desc',
    });
  });

  it.each([
    [{ $take: '101' }, '$take must be at most 100'],
    [{ $take: '-1' }, '$take must not be negative'],
    [{ $skip: '1.5' }, '$skip must be a whole number'],
    [{ $skip: 'abc' }, '$skip must be a whole number'],
    [{ $filter: 'x'.repeat(48_001) }, 'Filter is too long (at most 48000 characters)'],
  ])('rejects %j', (query, message) => {
    const result = contactsPageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('contactLocationsQuerySchema', () => {
  it('takes 10 by default', () => {
    expect(contactLocationsQuerySchema.parse({ searchQuery: 'Ber' })).toEqual({
      searchQuery: 'Ber',
      take: 10,
    });
  });
});

describe('contactDocumentSchema', () => {
  it('accepts a contact and refuses a distance outside 1-3', () => {
    const contact = {
      id: '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
      created: '2026-01-02T03:04:05.000Z',
      picture_url: null,
      full_name: 'Jane Doe',
      first_name: 'Jane',
      last_name: 'Doe',
      linkedin_public_identifier: 'jane-doe',
      occupation: null,
      is_premium: false,
      distance: null,
      linkedin_entity_id: null,
      sales_lead_id: null,
      location: null,
      country: null,
      last_job: null,
      contacted: null,
      imported: '2026-01-02T03:04:05+02:00',
      custom_field_1: null,
      custom_field_2: null,
      custom_field_3: null,
      tags: [],
      campaigns: [],
      actions: { open_linkedin_profile: { enabled: true, hint: null } },
    };
    expect(contactDocumentSchema.safeParse(contact).success).toBe(true);
    expect(contactDocumentSchema.safeParse({ ...contact, distance: 4 }).success).toBe(false);
  });
});
