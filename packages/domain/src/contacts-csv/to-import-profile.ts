import type { ImportProfileInput } from '@outpilot/contracts';
import type { ContactImportRecord } from './parse-contacts-csv.ts';

/** A file record as POST imports/{id}/profiles takes it; empty cells travel as null. */
export function toImportProfile(record: ContactImportRecord): ImportProfileInput {
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    linkedin_public_identifier: record.publicIdentifier,
    sales_lead_id: record.salesLeadId,
    first_name: orNull(record.firstName),
    last_name: orNull(record.lastName),
    full_name: orNull(record.fullName),
    occupation: orNull(record.title),
    location: orNull(record.country),
    company: orNull(record.company),
    custom_field_1: orNull(record.customField1),
    custom_field_2: orNull(record.customField2),
    custom_field_3: orNull(record.customField3),
  };
}
