import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors.ts';

export const invalidUtf8Message = 'Request body is not valid UTF-8';

/**
 * JSON bodies are read as bytes and refused with a 400 when they are not valid UTF-8: decoding
 * them as text would store U+FFFD in place of what the caller sent. Valid bodies go to Fastify's
 * own JSON parser (prototype poisoning refused, the same errors for empty or broken JSON).
 */
export function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new BadRequestError(invalidUtf8Message), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}
