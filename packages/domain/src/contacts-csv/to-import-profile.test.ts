import { importProfileSchema } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { parseContactsCsv } from './parse-contacts-csv.ts';
import { toImportProfile } from './to-import-profile.ts';

describe('toImportProfile', () => {
  it('maps a file record onto the upload schema', () => {
    const text =
      'LinkedIn Profile,First Name,Last Name,Company Name,Position Title,Country,Custom Field 1,Custom Field 2,Custom Field 3\nlinkedin.com/in/jane,Jane,,Acme,CEO,US,,,x';
    const [record] = parseContactsCsv(text).records;
    if (record === undefined) throw new Error('expected a record');
    const profile = importProfileSchema.parse(toImportProfile(record));
    expect(profile).toMatchObject({
      linkedin_public_identifier: 'jane',
      sales_lead_id: null,
      first_name: 'Jane',
      last_name: null,
      full_name: 'Jane',
      occupation: 'CEO',
      location: 'US',
      company: 'Acme',
      custom_field_1: null,
      custom_field_3: 'x',
    });
  });
});
