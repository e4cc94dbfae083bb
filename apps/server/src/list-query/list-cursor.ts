import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors.ts';

/**
 * A position in a list: the last row's values of the order's fields (as the database prints
 * them, so no precision is lost: timestamps keep their microseconds) and its id.
 */
export type ListCursor = { keys: (string | null)[]; id: string };

export const cursorParameter = '$after';
export const cursorTexts = {
  invalid: 'The $after cursor is not valid: send the next_cursor of an earlier page unchanged',
  otherOrder: 'The $after cursor belongs to another $orderby: send the same $orderby as for the earlier page',
  withSkip: 'Send either $skip or $after, not both',
} as const;

const version = 1;
const signatureLength = 22; // 16 bytes of HMAC-SHA256 in base64url: enough against forgery.

/**
 * The opaque text of a cursor: base64url JSON of [version, order, keys, id] and an HMAC of it
 * keyed by the server's secret. Signed so that the values it carries can be bound to typed SQL
 * parameters without re-validating every type's text form (a forged timestamp would otherwise
 * fail inside the database as a 500); the order is kept so a cursor is never read in another order.
 */
export function encodeListCursor(cursor: ListCursor, order: string, secret: string): string {
  const body = Buffer.from(JSON.stringify([version, order, cursor.keys, cursor.id])).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

/** The cursor of `text` for a list sorted by `order`; 422 on '$after' when it is not ours or not for this order. */
export function decodeListCursor(text: string, order: string, secret: string): ListCursor {
  const [body = '', signature = '', extra] = text.split('.');
  if (extra !== undefined || !isSignatureOf(body, signature, secret)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch (error) {
    throw invalid(error);
  }
  if (!Array.isArray(decoded) || decoded.length !== 4 || decoded[0] !== version) throw invalid();
  const [, cursorOrder, keys, id] = decoded as [unknown, unknown, unknown, unknown];
  if (typeof id !== 'string' || !Array.isArray(keys)) throw invalid();
  if (!keys.every((key) => key === null || typeof key === 'string')) throw invalid();
  if (cursorOrder !== order) throw new ValidationError(cursorParameter, cursorTexts.otherOrder);
  return { keys: keys as (string | null)[], id };
}

function sign(body: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`list-cursor:${body}`)
    .digest('base64url')
    .slice(0, signatureLength);
}

function isSignatureOf(body: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  return body !== '' && given.length === expected.length && timingSafeEqual(given, expected);
}

function invalid(cause?: unknown): ValidationError {
  return new ValidationError(cursorParameter, cursorTexts.invalid, cause);
}
