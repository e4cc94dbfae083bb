import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { copyBinaryValues } from './copy-binary-values.ts';

const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY stream of one column, as PostgreSQL writes it (null values as length -1). */
function binaryCopy(values: (string | null)[], headerExtension = Buffer.alloc(0)): Buffer {
  const int16 = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);
  const int32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32BE(value);
    return bytes;
  };
  const parts = [signature, int32(0), int32(headerExtension.length), headerExtension];
  for (const value of values) {
    parts.push(int16(1));
    if (value === null) parts.push(int32(-1));
    else parts.push(int32(Buffer.byteLength(value)), Buffer.from(value));
  }
  parts.push(int16(-1));
  return Buffer.concat(parts);
}

async function run(chunks: Buffer[]): Promise<string> {
  return (await buffer(Readable.from(chunks).pipe(copyBinaryValues()))).toString('utf8');
}

function splitEvery(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

describe('copyBinaryValues', () => {
  const lines = ['"a","b"\r\n', '"😀 ""x""","\n"\r\n', '', '"\\N","\t"\r\n'];

  it('passes on the values, whatever the chunk boundaries', async () => {
    const bytes = binaryCopy(lines, Buffer.from('ext!'));
    for (const size of [1, 2, 3, 5, 7, 19, 23, 64, bytes.length]) {
      expect(await run(splitEvery(bytes, size))).toBe(lines.join(''));
    }
  });

  it('answers nothing for no rows', async () => {
    expect(await run([binaryCopy([])])).toBe('');
  });

  it('fails on a stream that is not a whole binary COPY of one non-null column', async () => {
    const whole = binaryCopy(lines);
    await expect(run([whole.subarray(0, whole.length - 2)])).rejects.toThrow(/ended early/);
    await expect(run([binaryCopy(['a', null])])).rejects.toThrow(/null/);
    await expect(run([Buffer.from('"a","b"\r\n'.repeat(3))])).rejects.toThrow(/not a binary COPY/);
  });
});
