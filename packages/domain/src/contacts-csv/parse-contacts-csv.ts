import { contactLongTextMaxLength, contactTextMaxLength } from '@outpilot/contracts';
import Papa from 'papaparse';
import { contactsCsvColumns, normaliseHeaderCell } from './contacts-csv-columns.ts';
import { noProfilesError, notOutpilotCsvError, tooManyRowsError } from './contacts-csv-error.ts';
import { parseProfileLink } from './profile-link.ts';

/** One contact of a file (§3 "Contact import record"); exactly one of the two ids is set. */
export type ContactImportRecord = {
  publicIdentifier: string | null;
  salesLeadId: string | null;
  firstName: string;
  lastName: string;
  /** First plus last name, else the identifier (§5). */
  fullName: string;
  company: string;
  title: string;
  country: string;
  customField1: string;
  customField2: string;
  customField3: string;
};

export type ContactsCsvParseResult = {
  records: ContactImportRecord[];
  /** Rows naming a profile already seen earlier in the file. */
  skippedDuplicates: number;
  /** Rows without a usable in/ or sales/lead/ link. */
  skippedInvalid: number;
};

/** A file bigger than this is refused rather than half-imported. */
export const defaultContactsCsvMaxRows = 100_000;
const delimiters = [';', ',', '\t'] as const;

/**
 * Reads a contact file (§5): an optional 'sep=' first line names the delimiter, else ';', ','
 * and tab are tried in turn until the header holds all 9 columns (any order, extra columns
 * ignored, so an export reads back). Rows may be ragged. Throws ContactsCsvError with the spec's
 * texts for a foreign file or one without profiles. Linear in the file's size.
 */
export function parseContactsCsv(text: string, options: { maxRows?: number } = {}): ContactsCsvParseResult {
  const maxRows = options.maxRows ?? defaultContactsCsvMaxRows;
  const { body, delimiter: named } = splitSepLine(text.replace(/^\uFEFF/, ''));
  const candidates = named === null ? delimiters : [named];
  for (const delimiter of candidates) {
    const header = firstRow(body, delimiter);
    const columns = header === null ? null : mapColumns(header);
    if (columns !== null) return readRows(body, delimiter, columns, maxRows);
  }
  throw notOutpilotCsvError();
}

/** Excel's `sep=;` first line (sometimes quoted) says which delimiter the file uses. */
function splitSepLine(text: string): { body: string; delimiter: string | null } {
  const lineEnd = text.indexOf('\n');
  const firstLine = (lineEnd === -1 ? text : text.slice(0, lineEnd)).replace(/\r$/, '');
  const match = /^\s*"?sep=(.?)"?\s*$/i.exec(firstLine);
  if (match === null) return { body: text, delimiter: null };
  const body = lineEnd === -1 ? '' : text.slice(lineEnd + 1);
  const delimiter = match[1] ?? '';
  return { body, delimiter: delimiter === '' ? null : delimiter };
}

function firstRow(body: string, delimiter: string): string[] | null {
  const parsed = Papa.parse<string[]>(body, { delimiter, preview: 1, skipEmptyLines: 'greedy' });
  return parsed.data[0] ?? null;
}

type ColumnIndexes = readonly number[];

/** Index of each of the 9 columns in the header, in contactsCsvColumns order; null if one is missing. */
function mapColumns(header: readonly string[]): ColumnIndexes | null {
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = normaliseHeaderCell(cell);
    if (!positions.has(name)) positions.set(name, index);
  });
  const indexes: number[] = [];
  for (const column of contactsCsvColumns) {
    const index = positions.get(column.toLowerCase());
    if (index === undefined) return null;
    indexes.push(index);
  }
  return indexes;
}

function readRows(
  body: string,
  delimiter: string,
  columns: ColumnIndexes,
  maxRows: number,
): ContactsCsvParseResult {
  // One row past the limit (plus the header) is enough to know the file is too big.
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy', preview: maxRows + 2 });
  const rows = parsed.data;
  if (rows.length - 1 > maxRows) throw tooManyRowsError(maxRows);
  const [link, first, last, company, title, country, custom1, custom2, custom3] = columns as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const records: ContactImportRecord[] = [];
  const seen = new Set<string>();
  let skippedDuplicates = 0;
  let skippedInvalid = 0;
  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index] as string[];
    const profile = parseProfileLink(row[link] ?? '');
    if (profile === null) {
      skippedInvalid += 1;
      continue;
    }
    const key =
      profile.publicIdentifier !== undefined
        ? `in:${profile.publicIdentifier}`
        : `lead:${profile.salesLeadId}`;
    if (seen.has(key)) {
      skippedDuplicates += 1;
      continue;
    }
    seen.add(key);
    const firstName = cell(row, first, contactTextMaxLength);
    const lastName = cell(row, last, contactTextMaxLength);
    const identifier = profile.publicIdentifier ?? profile.salesLeadId;
    records.push({
      publicIdentifier: profile.publicIdentifier ?? null,
      salesLeadId: profile.salesLeadId ?? null,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`.trim().slice(0, contactTextMaxLength) || identifier,
      company: cell(row, company, contactTextMaxLength),
      title: cell(row, title, contactLongTextMaxLength),
      country: cell(row, country, contactTextMaxLength),
      customField1: cell(row, custom1, contactLongTextMaxLength),
      customField2: cell(row, custom2, contactLongTextMaxLength),
      customField3: cell(row, custom3, contactLongTextMaxLength),
    });
  }
  if (records.length === 0) throw noProfilesError();
  return { records, skippedDuplicates, skippedInvalid };
}

/**
 * A trimmed cell, '' when the row is short. Our export guards formulas with a leading
 * apostrophe; it is dropped again here so an exported file reads back unchanged.
 */
function cell(row: readonly string[], index: number, maxLength: number): string {
  const value = (row[index] ?? '').trim();
  const unguarded = /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
  return unguarded.slice(0, maxLength);
}
