import { describe, expect, it } from 'vitest';
import { type ContactInput, prepareContacts, rowsPerChunk } from './contact-records.ts';

const profile = (fields: Partial<ContactInput>): ContactInput => ({
  entityId: null,
  publicIdentifier: null,
  salesLeadId: null,
  firstName: null,
  lastName: null,
  fullName: null,
  occupation: null,
  location: null,
  lastJob: null,
  country: null,
  pictureUrl: null,
  distance: null,
  isPremium: null,
  customField1: null,
  customField2: null,
  customField3: null,
  ...fields,
});

const now = new Date('2026-11-27T06:00:00Z');

describe('prepareContacts (the rows the CSV thread hands over ready)', () => {
  it('drops a profile sharing any id with an earlier one and profiles without an id', () => {
    const prepared = prepareContacts(
      [
        profile({ publicIdentifier: 'ann', salesLeadId: 'L1' }),
        profile({ salesLeadId: 'L1', firstName: 'repeat' }),
        profile({ firstName: 'no id' }),
        profile({ publicIdentifier: 'bob' }),
      ],
      now,
      'json',
    );
    expect(prepared.profileCount).toBe(4);
    expect(prepared.recordCount).toBe(2);
    const rows = JSON.parse(prepared.chunks[0] ?? '[]') as { ord: number; pub: string; id: string }[];
    expect(rows.map((row) => [row.ord, row.pub])).toEqual([
      [0, 'ann'],
      [1, 'bob'],
    ]);
    // New contacts' ids ascend in the order of the file (time-ordered-ids.ts).
    expect((rows[0]?.id ?? '') < (rows[1]?.id ?? '')).toBe(true);
  });

  it('writes COPY text with NUL stripped, empty text as null and tabs, newlines and backslashes escaped', () => {
    const prepared = prepareContacts(
      [profile({ publicIdentifier: 'ann', firstName: 'A\u0000nn', lastName: '', occupation: 'a\tb\nc\\d' })],
      now,
      'copy',
    );
    const columns = (prepared.chunks[0] ?? '').replace(/\n$/, '').split('\t');
    expect(columns[3]).toBe('ann');
    expect(columns[5]).toBe('Ann');
    expect(columns[6]).toBe('\\N');
    expect(columns[8]).toBe('a\\tb\\nc\\\\d');
    expect(columns).toHaveLength(18);
  });

  it('cuts the rows into chunks of the format’s size', () => {
    const profiles = Array.from({ length: rowsPerChunk.copy * 2 + 1 }, (_, index) =>
      profile({ publicIdentifier: `p${index}` }),
    );
    const prepared = prepareContacts(profiles, now, 'copy');
    expect(prepared.chunks.map((chunk) => chunk.split('\n').length - 1)).toEqual([
      rowsPerChunk.copy,
      rowsPerChunk.copy,
      1,
    ]);
  });
});
