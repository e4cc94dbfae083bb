import { describe, expect, it } from 'vitest';
import { ContactsCsvError } from './contacts-csv-error.ts';
import { parseContactsCsv } from './parse-contacts-csv.ts';

const header = [
  'LinkedIn Profile',
  'First Name',
  'Last Name',
  'Company Name',
  'Position Title',
  'Country',
  'Custom Field 1',
  'Custom Field 2',
  'Custom Field 3',
];
const janeCells = [
  'https://www.linkedin.com/in/jane-doe/',
  'Jane',
  'Doe',
  'Acme',
  'CEO',
  'US',
  'a',
  'b',
  'c',
];

function file(delimiter: string, rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.join(delimiter)).join('\r\n');
}

function errorOf(run: () => unknown): ContactsCsvError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContactsCsvError) return error;
    throw error;
  }
  throw new Error('expected a ContactsCsvError');
}

const jane = {
  publicIdentifier: 'jane-doe',
  salesLeadId: null,
  firstName: 'Jane',
  lastName: 'Doe',
  fullName: 'Jane Doe',
  company: 'Acme',
  title: 'CEO',
  country: 'US',
  customField1: 'a',
  customField2: 'b',
  customField3: 'c',
};

describe('parseContactsCsv', () => {
  it.each([
    ['semicolon', ';'],
    ['comma', ','],
    ['tab', '\t'],
  ])('reads a %s-delimited file', (_name, delimiter) => {
    expect(parseContactsCsv(file(delimiter, [header, janeCells]))).toEqual({
      records: [jane],
      skippedDuplicates: 0,
      skippedInvalid: 0,
    });
  });

  it('uses the delimiter named by a sep= first line', () => {
    const text = `sep=|\n${file('|', [header, janeCells])}`;
    expect(parseContactsCsv(text).records).toEqual([jane]);
    expect(parseContactsCsv(`"sep=,"\r\n${file(',', [header, janeCells])}`).records).toEqual([jane]);
  });

  it('rejects a file whose sep= line names the wrong delimiter', () => {
    expect(errorOf(() => parseContactsCsv(`sep=,\n${file(';', [header, janeCells])}`)).message).toBe(
      'This file is not Outpilot csv file',
    );
  });

  it('matches headers case-insensitively, trimmed, BOM-stripped, in any order', () => {
    const messy = header.map((title) => `  ${title.toUpperCase()} `);
    expect(parseContactsCsv(`\uFEFF${file(';', [messy, janeCells])}`).records).toEqual([jane]);
    const reversed = [...header].reverse();
    expect(parseContactsCsv(file(',', [reversed, [...janeCells].reverse()])).records).toEqual([jane]);
  });

  it('ignores extra columns', () => {
    const text = file(',', [
      [...header, 'Full Name', 'Notes'],
      [...janeCells, 'X', 'Y'],
    ]);
    expect(parseContactsCsv(text).records).toEqual([jane]);
  });

  it('reads quoted fields holding delimiters, quotes and newlines', () => {
    const row = [
      '"https://www.linkedin.com/in/jane-doe/"',
      '"Jane; ""JD"""',
      'Doe',
      '"Acme, Inc."',
      '"CEO\nand founder"',
      'US',
      '',
      '',
      '',
    ];
    const [record] = parseContactsCsv(file(';', [header, row])).records;
    expect(record).toMatchObject({
      firstName: 'Jane; "JD"',
      company: 'Acme, Inc.',
      title: 'CEO\nand founder',
    });
    expect(parseContactsCsv(file(',', [header, row])).records[0]).toMatchObject({ company: 'Acme, Inc.' });
  });

  it("refuses another product's file", () => {
    const other = file(',', [
      ['Profile Url', 'Name', 'Email'],
      ['https://www.linkedin.com/in/jane-doe/', 'Jane', 'j@x.io'],
    ]);
    const error = errorOf(() => parseContactsCsv(other));
    expect(error.code).toBe('not-outpilot-csv');
    expect(error.message).toBe('This file is not Outpilot csv file');
    expect(errorOf(() => parseContactsCsv(file(',', [header.slice(0, 8), janeCells]))).code).toBe(
      'not-outpilot-csv',
    );
  });

  it('treats an empty file as not ours', () => {
    expect(errorOf(() => parseContactsCsv('')).code).toBe('not-outpilot-csv');
    expect(errorOf(() => parseContactsCsv('\uFEFF\r\n')).code).toBe('not-outpilot-csv');
  });

  it('says there are no profiles when no row has a link', () => {
    const error = errorOf(() => parseContactsCsv(file(';', [header, ['not a link', 'A']])));
    expect(error.code).toBe('no-profiles');
    expect(error.message).toBe('There are no LinkedIn profiles. Please, try another file.');
    expect(errorOf(() => parseContactsCsv(file(';', [header]))).code).toBe('no-profiles');
  });

  it('tolerates ragged rows and skips blank ones', () => {
    const text = file(';', [
      header,
      ['https://www.linkedin.com/in/short', 'Only'],
      [],
      [';;;;;;;;'],
      [...janeCells, 'extra', 'cells'],
    ]);
    const result = parseContactsCsv(text);
    expect(result.records).toEqual([
      expect.objectContaining({
        publicIdentifier: 'short',
        firstName: 'Only',
        lastName: '',
        customField3: '',
      }),
      jane,
    ]);
    expect(result.skippedInvalid).toBe(0);
  });

  it('counts invalid links and duplicates', () => {
    const text = file(',', [
      header,
      janeCells,
      ['linkedin.com/in/JANE-DOE?trk=x', 'Other'],
      ['https://www.linkedin.com/company/acme'],
      ['', 'No link'],
      ['https://www.linkedin.com/sales/lead/ACwAAB,NAME_SEARCH,x', 'Lead'],
      ['https://www.linkedin.com/sales/lead/ACwAAB'],
    ]);
    const result = parseContactsCsv(text);
    expect(result.records.map((record) => record.publicIdentifier ?? record.salesLeadId)).toEqual([
      'jane-doe',
      'ACwAAB',
    ]);
    expect(result.skippedDuplicates).toBe(2);
    expect(result.skippedInvalid).toBe(2);
  });

  it('builds the full name from first and last name, else the identifier', () => {
    const text = file(',', [
      header,
      ['linkedin.com/in/first-only', 'Ann'],
      ['linkedin.com/in/last-only', '', 'Lee'],
      ['linkedin.com/in/nameless', ' ', ''],
      ['linkedin.com/sales/lead/ACwLead'],
    ]);
    expect(parseContactsCsv(text).records.map((record) => record.fullName)).toEqual([
      'Ann',
      'Lee',
      'nameless',
      'ACwLead',
    ]);
  });

  it('refuses files over maxRows', () => {
    const rows = Array.from({ length: 6 }, (_, index) => [`linkedin.com/in/p${index}`]);
    expect(parseContactsCsv(file(',', [header, ...rows]), { maxRows: 6 }).records).toHaveLength(6);
    const error = errorOf(() => parseContactsCsv(file(',', [header, ...rows]), { maxRows: 5 }));
    expect(error.code).toBe('too-many-rows');
  });

  it('reads 100,000 rows', () => {
    const lines = [header.join(';')];
    for (let index = 0; index < 100_000; index += 1) {
      lines.push(
        `https://www.linkedin.com/in/person-${index}/;First${index};Last;Company;Title;Country;1;2;3`,
      );
    }
    const result = parseContactsCsv(lines.join('\r\n'));
    expect(result.records).toHaveLength(100_000);
    expect(result.records[99_999]?.publicIdentifier).toBe('person-99999');
  });
});
