import { isStorableText, unsafeTextMessage } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** The path of the first string in a JSON value that the database cannot store as sent. */
function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * What members write (a note, a message) is kept in the database, which refuses NUL and changes
 * lone UTF-16 surrogates: such text in a body is a 422 naming the field, as on the product's API
 * (contracts' isStorableText), never a 500 when it is stored.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findUnstorableText(request.body);
    if (path) throw new ZodError([{ code: 'custom', path, message: unsafeTextMessage, input: undefined }]);
  });
}
