/** The contact file layout of §5: these 9 columns, matched case-insensitively. */
export const contactsCsvColumns = [
  'LinkedIn Profile',
  'First Name',
  'Last Name',
  'Company Name',
  'Position Title',
  'Country',
  'Custom Field 1',
  'Custom Field 2',
  'Custom Field 3',
] as const;
export type ContactsCsvColumn = (typeof contactsCsvColumns)[number];

/** Header cells compare trimmed, lower-cased, with a stray BOM and repeated spaces removed. */
export function normaliseHeaderCell(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
