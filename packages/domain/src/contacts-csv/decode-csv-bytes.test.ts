import { describe, expect, it } from 'vitest';
import { ContactsCsvError } from './contacts-csv-error.ts';
import { decodeCsvBytes } from './decode-csv-bytes.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16(text: string, endian: 'le' | 'be', withBom: boolean): Uint8Array {
  const source = withBom ? `\uFEFF${text}` : text;
  const bytes = new Uint8Array(source.length * 2);
  for (let index = 0; index < source.length; index += 1) {
    const code = source.charCodeAt(index);
    const [first, second] = endian === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff];
    bytes[index * 2] = first;
    bytes[index * 2 + 1] = second;
  }
  return bytes;
}

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with a BOM and drops the BOM', () => {
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Zoë;Müller')]))).toBe('Zoë;Müller');
  });

  it('reads UTF-8 without a BOM', () => {
    expect(decodeCsvBytes(utf8('Zoë, 日本'))).toBe('Zoë, 日本');
  });

  it('reads UTF-16 LE and BE by their BOM', () => {
    expect(decodeCsvBytes(utf16('First Name\r\nZoë', 'le', true))).toBe('First Name\r\nZoë');
    expect(decodeCsvBytes(utf16('First Name\r\nZoë', 'be', true))).toBe('First Name\r\nZoë');
  });

  it('recognises BOM-less UTF-16 by its NUL bytes', () => {
    expect(decodeCsvBytes(utf16('LinkedIn Profile;First Name\nZoë', 'le', false))).toBe(
      'LinkedIn Profile;First Name\nZoë',
    );
    expect(decodeCsvBytes(utf16('LinkedIn Profile;First Name\nZoë', 'be', false))).toBe(
      'LinkedIn Profile;First Name\nZoë',
    );
  });

  it('falls back to Windows-1252 for invalid UTF-8', () => {
    // 'Müller' with ü as 0xFC, and the 0x80-0x9F range that differs from Latin-1: € and “ ”.
    expect(decodeCsvBytes(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80, 0x93, 0x94]))).toBe(
      'Müller €“”',
    );
  });

  it('decodes a large Windows-1252 file', () => {
    const bytes = new Uint8Array(200_000).fill(0x41);
    bytes[199_999] = 0xfc;
    const text = decodeCsvBytes(bytes);
    expect(text.length).toBe(200_000);
    expect(text.endsWith('Aü')).toBe(true);
  });

  it('refuses binary files with the no-profiles text', () => {
    const zip = new Uint8Array([
      0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00,
    ]);
    const binary = Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256);
    for (const bytes of [zip, binary]) {
      let caught: unknown;
      try {
        decodeCsvBytes(bytes);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ContactsCsvError);
      expect((caught as ContactsCsvError).code).toBe('binary');
      expect((caught as ContactsCsvError).message).toBe(
        'There are no LinkedIn profiles. Please, try another file.',
      );
    }
  });

  it('decodes an empty file to empty text', () => {
    expect(decodeCsvBytes(new Uint8Array())).toBe('');
  });
});
