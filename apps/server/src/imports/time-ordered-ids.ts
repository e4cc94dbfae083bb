import { randomBytes, randomInt } from 'node:crypto';

const counterBits = 42;
/** The counter starts at a random value below this, leaving 2^41 ids of room after it. */
const counterStartBound = 2 ** (counterBits - 1);
const twoTo30 = 2 ** 30;

/**
 * `count` ids for rows inserted together, ascending: UUID version 7 (RFC 9562) with `at`'s Unix
 * milliseconds in the first 48 bits, then a 42-bit counter from a random start (its "fixed
 * bit-length dedicated counter" method) in rand_a and the top of rand_b, and 32 random bits.
 *
 * Why: random (version 4) ids put each new row at a random page of every index that holds the
 * id (the primary key, the sort indexes' tiebreaker, contact_tags), so a large import touches and
 * logs most pages of them; ascending ids append at the end. Uniqueness rests on the time, the
 * random counter start and the random tail together, as for any version 7 id.
 */
export function timeOrderedIds(at: Date, count: number): string[] {
  const milliseconds = at.getTime();
  const start = randomInt(0, counterStartBound);
  const tails = randomBytes(4 * count);
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(milliseconds, 0, 6);
  const ids: string[] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const counter = start + index;
    const high = Math.floor(counter / twoTo30); // 12 bits: rand_a
    const low = counter % twoTo30; // 30 bits: the top of rand_b
    bytes[6] = 0x70 | (high >>> 8);
    bytes[7] = high & 0xff;
    bytes[8] = 0x80 | (low >>> 24);
    bytes[9] = (low >>> 16) & 0xff;
    bytes[10] = (low >>> 8) & 0xff;
    bytes[11] = low & 0xff;
    tails.copy(bytes, 12, 4 * index, 4 * index + 4);
    const hex = bytes.toString('hex');
    ids[index] =
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  return ids;
}
