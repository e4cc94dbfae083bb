import type { ContactDocument } from '@outpilot/contracts';
import { contactsCsvColumns } from './contacts-csv-columns.ts';
import { profileLinkUrl } from './profile-link.ts';
import { type CsvColumn, writeCsv } from './write-csv.ts';

const productName = 'Outpilot';

/** The template of GET contacts/csv-example, 'named after the project' (§7.1). */
export const csvExampleFileName = `${productName}.csv`;

const connectionLabels = { 1: '1st', 2: '2nd', 3: '3rd+' } as const;

/**
 * Columns of GET contacts/export: the 9 import columns first, so an export can be uploaded again
 * as it is (a contact known only by its Sales Navigator lead id gets that lead's link, which the
 * import reads back), then what only the network supplies.
 */
export const contactExportColumns: readonly CsvColumn<ContactDocument>[] = [
  {
    title: 'LinkedIn Profile',
    // Not by member id: the import reads /in/ ids as public identifiers, so it could not read one back.
    value: (contact) =>
      profileLinkUrl({
        publicIdentifier: contact.linkedin_public_identifier,
        salesLeadId: contact.sales_lead_id,
      }) ?? '',
  },
  { title: 'First Name', value: (contact) => contact.first_name },
  { title: 'Last Name', value: (contact) => contact.last_name },
  { title: 'Company Name', value: (contact) => contact.last_job },
  { title: 'Position Title', value: (contact) => contact.occupation },
  { title: 'Country', value: (contact) => contact.location },
  { title: 'Custom Field 1', value: (contact) => contact.custom_field_1 },
  { title: 'Custom Field 2', value: (contact) => contact.custom_field_2 },
  { title: 'Custom Field 3', value: (contact) => contact.custom_field_3 },
  { title: 'Full Name', value: (contact) => contact.full_name },
  {
    title: 'Connection',
    value: (contact) => (contact.distance === null ? '' : connectionLabels[contact.distance]),
  },
  { title: 'Premium', value: (contact) => (contact.is_premium ? 'Yes' : 'No') },
  { title: 'Imported', value: (contact) => contact.imported },
  { title: 'Last Contacted', value: (contact) => contact.contacted },
];

/** The whole export of a list of contacts (the server streams the same header and rows). */
export function writeContactsCsv(
  rows: Iterable<ContactDocument>,
  columns: readonly CsvColumn<ContactDocument>[] = contactExportColumns,
): string {
  return writeCsv(rows, columns);
}

/**
 * 'Outpilot_Export_2026-11-22_14-05.csv': project name, 'Export_', date and time (§7.1), in the
 * workspace's zone when its offset (minutes east of UTC) is given; no ':' so every OS accepts it.
 */
export function exportFileName(now: Date, timezoneOffsetMinutes = 0): string {
  const local = new Date(now.getTime() + timezoneOffsetMinutes * 60_000);
  const [date = '', time = ''] = local.toISOString().split('T');
  return `${productName}_Export_${date}_${time.slice(0, 5).replace(':', '-')}.csv`;
}

type ExampleRow = { link: string; cells: readonly string[] };
const exampleRows: readonly ExampleRow[] = [
  {
    link: 'https://www.linkedin.com/in/jane-doe-example/',
    cells: ['Jane', 'Doe', 'Acme Inc.', 'Head of Sales', 'United States', 'Met at SaaStr', 'Warm lead', ''],
  },
  {
    link: 'https://www.linkedin.com/in/max-mustermann-example/',
    cells: ['Max', 'Mustermann', 'Beispiel GmbH', 'CTO', 'Germany', 'Referral from Anna', '', 'Q3'],
  },
];

/** The template file: the 9-column header and 2 sample rows, as our export writes them. */
export function csvExample(): string {
  const columns: CsvColumn<ExampleRow>[] = contactsCsvColumns.map((title, index) => ({
    title,
    value: (row) => (index === 0 ? row.link : row.cells[index - 1]),
  }));
  return writeCsv(exampleRows, columns);
}
