import { Transform } from 'node:stream';

const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const headerFixedLength = signature.length + 8; // + flags (int32) + header extension length (int32)

/**
 * Reads the output of `COPY (select <one text column>) TO STDOUT (FORMAT binary)` and passes on
 * the column's bytes, row after row, with nothing between them. The binary format frames every
 * value by its length (PostgreSQL docs, "Binary Format"), so, unlike the text and csv formats,
 * no value needs unescaping: the bytes are the column's own UTF-8.
 */
export function copyBinaryValues(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let trailerRead = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      try {
        const values: Buffer[] = [];
        let offset = 0;
        if (!headerRead) {
          if (pending.length < headerFixedLength) return callback();
          if (!pending.subarray(0, signature.length).equals(signature)) throw new Error('not a binary COPY');
          const extension = pending.readInt32BE(signature.length + 4);
          if (pending.length < headerFixedLength + extension) return callback();
          offset = headerFixedLength + extension;
          headerRead = true;
        }
        while (!trailerRead && pending.length - offset >= 2) {
          const fields = pending.readInt16BE(offset);
          if (fields === -1) {
            trailerRead = true;
            offset += 2;
            break;
          }
          if (fields !== 1) throw new Error(`binary COPY: ${fields} columns, expected 1`);
          if (pending.length - offset < 6) break;
          const length = pending.readInt32BE(offset + 2);
          if (length < 0) throw new Error('binary COPY: a null value');
          if (pending.length - offset - 6 < length) break;
          values.push(pending.subarray(offset + 6, offset + 6 + length));
          offset += 6 + length;
        }
        pending = pending.subarray(offset);
        callback(null, values.length === 0 ? undefined : Buffer.concat(values));
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      callback(trailerRead && pending.length === 0 ? null : new Error('binary COPY: the data ended early'));
    },
  });
}
