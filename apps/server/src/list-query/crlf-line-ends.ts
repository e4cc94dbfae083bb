import { Transform } from 'node:stream';

const quote = 0x22;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/**
 * COPY ends CSV lines with LF; our files end them with CRLF (as formatCsvRow does). Adds a CR
 * before every LF that ends a line, that is outside quotes. Only for CSV whose every field is
 * quoted (FORCE_QUOTE * and no null): then counting quotes tells inside from outside, across
 * chunk boundaries too (a doubled quote inside a field toggles twice). No UTF-8 multi-byte
 * sequence contains either byte.
 */
export function crlfLineEnds(): Transform {
  let inQuotes = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const lineEnds: number[] = [];
      for (let index = 0; index < chunk.length; index += 1) {
        const byte = chunk[index];
        if (byte === quote) inQuotes = !inQuotes;
        else if (byte === lineFeed && !inQuotes) lineEnds.push(index);
      }
      if (lineEnds.length === 0) {
        callback(null, chunk);
        return;
      }
      const output = Buffer.allocUnsafe(chunk.length + lineEnds.length);
      let from = 0;
      let to = 0;
      for (const lineEnd of lineEnds) {
        to += chunk.copy(output, to, from, lineEnd);
        output[to] = carriageReturn;
        to += 1;
        from = lineEnd;
      }
      chunk.copy(output, to, from);
      callback(null, output);
    },
    flush(callback) {
      callback(inQuotes ? new Error('CSV: the data ended inside a quoted field') : null);
    },
  });
}
