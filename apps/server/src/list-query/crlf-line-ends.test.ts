import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { crlfLineEnds } from './crlf-line-ends.ts';

async function run(chunks: Buffer[]): Promise<string> {
  return (await buffer(Readable.from(chunks).pipe(crlfLineEnds()))).toString('utf8');
}

function splitEvery(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

describe('crlfLineEnds', () => {
  // As COPY (FORMAT csv, FORCE_QUOTE *) writes them: newlines, CRs and doubled quotes inside fields.
  const copied = '"a","b"\n"new\nline","x"""\n"""\n""","😀 ""\r\n"""\n"",""\n';
  const expected = '"a","b"\r\n"new\nline","x"""\r\n"""\n""","😀 ""\r\n"""\r\n"",""\r\n';

  it('ends lines with CRLF and leaves newlines inside fields alone, whatever the chunk boundaries', async () => {
    const bytes = Buffer.from(copied);
    for (const size of [1, 2, 3, 5, 7, 11, bytes.length]) {
      expect(await run(splitEvery(bytes, size))).toBe(expected);
    }
  });

  it('fails on data that ends inside a quoted field', async () => {
    await expect(run([Buffer.from('"a","b\n')])).rejects.toThrow(/inside a quoted field/);
  });
});
