import type { ContactDocument } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { csvExample, csvExampleFileName, exportFileName, writeContactsCsv } from './contacts-export.ts';
import { parseContactsCsv } from './parse-contacts-csv.ts';
import { formatCsvField, formatCsvHeader, formatCsvRow, writeCsv } from './write-csv.ts';

const contact: ContactDocument = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  created: '2026-01-02T03:04:05.000Z',
  picture_url: null,
  full_name: 'Zoë "Z" Müller',
  first_name: 'Zoë "Z"',
  last_name: 'Müller',
  linkedin_public_identifier: 'zoe-muller',
  occupation: '=HYPERLINK("http://evil")',
  is_premium: true,
  distance: 2,
  linkedin_entity_id: 'ACoAAA',
  sales_lead_id: null,
  location: 'Berlin, Germany',
  country: 'Germany',
  last_job: '+Acme; Inc.',
  contacted: null,
  imported: '2026-01-02T03:04:05.000Z',
  custom_field_1: '-1',
  custom_field_2: '@mention',
  custom_field_3: 'line one\r\nline two',
  tags: [],
  campaigns: [],
  actions: { open_linkedin_profile: { enabled: true, hint: null } },
};

describe('CSV writing', () => {
  it('quotes every field and doubles quotes', () => {
    expect(formatCsvField('a "b", c')).toBe('"a ""b"", c"');
    expect(formatCsvField(null)).toBe('""');
    expect(formatCsvField(undefined)).toBe('""');
    expect(formatCsvField(-5)).toBe('"-5"');
    expect(formatCsvField(false)).toBe('"false"');
    expect(formatCsvField(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises the formula %j', (text) => {
    expect(formatCsvField(text)).toBe(`"'${text}"`);
  });

  it('streams a BOM header then CRLF rows', () => {
    const columns = [
      { title: 'A', value: (row: { a: string }) => row.a },
      { title: 'B', value: () => 1 },
    ];
    expect(formatCsvHeader(columns)).toBe('\uFEFF"A","B"\r\n');
    expect(formatCsvRow({ a: 'x' }, columns)).toBe('"x","1"\r\n');
    expect(writeCsv([{ a: 'x' }, { a: 'y' }], columns)).toBe('\uFEFF"A","B"\r\n"x","1"\r\n"y","1"\r\n');
  });

  it('exports contacts with formulas neutralised', () => {
    const text = writeContactsCsv([contact]);
    expect(text.startsWith('\uFEFF"LinkedIn Profile","First Name","Last Name","Company Name"')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`"'+Acme; Inc."`);
    expect(text).toContain('"2nd","Yes","2026-01-02T03:04:05.000Z",""\r\n');
  });

  it('reads its own export back unchanged', () => {
    const [record] = parseContactsCsv(writeContactsCsv([contact, { ...contact, id: 'x' }])).records;
    expect(record).toEqual({
      publicIdentifier: 'zoe-muller',
      salesLeadId: null,
      firstName: 'Zoë "Z"',
      lastName: 'Müller',
      fullName: 'Zoë "Z" Müller',
      company: '+Acme; Inc.',
      title: '=HYPERLINK("http://evil")',
      country: 'Berlin, Germany',
      customField1: '-1',
      customField2: '@mention',
      customField3: 'line one\r\nline two',
    });
    const again = parseContactsCsv(writeContactsCsv([contact, contact]));
    expect(again.skippedDuplicates).toBe(1);
  });

  it('links a contact known only by its Sales Navigator lead id to the lead, and reads it back by it', () => {
    const lead = { ...contact, linkedin_public_identifier: null, sales_lead_id: 'ACwAAB-x_9' };
    const text = writeContactsCsv([lead]);
    expect(
      text.split('\r\n')[1]?.startsWith('"https://www.linkedin.com/sales/lead/ACwAAB-x_9","Zoë ""Z"""'),
    ).toBe(true);
    const result = parseContactsCsv(text);
    expect(result.skippedInvalid).toBe(0);
    expect(result.records[0]).toMatchObject({ publicIdentifier: null, salesLeadId: 'ACwAAB-x_9' });
  });
});

describe('exportFileName', () => {
  it('names the file after the project, the date and the time', () => {
    expect(exportFileName(new Date('2026-11-22T14:05:59Z'))).toBe('Outpilot_Export_2026-11-22_14-05.csv');
    expect(exportFileName(new Date('2026-11-22T23:30:00Z'), 120)).toBe(
      'Outpilot_Export_2026-11-23_01-30.csv',
    );
  });
});

describe('csvExample', () => {
  it('is a valid contact file with two sample rows', () => {
    expect(csvExampleFileName).toBe('Outpilot.csv');
    const text = csvExample();
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFF"LinkedIn Profile","First Name","Last Name","Company Name","Position Title","Country","Custom Field 1","Custom Field 2","Custom Field 3"',
    );
    const result = parseContactsCsv(text);
    expect(result.records.map((record) => record.fullName)).toEqual(['Jane Doe', 'Max Mustermann']);
  });
});
