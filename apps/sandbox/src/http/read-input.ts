import { requestSchemaOf } from '@outpilot/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { InvalidInput, type RequestPart } from './sandbox-error.ts';

/**
 * Reads one part of a request (body, query string or path parameters) as the product's API reads
 * it: through the contracts' requestSchemaOf, so a field the route does not name, a NUL character
 * or a lone surrogate is a 422 naming it, never a field silently dropped. Handlers call it after
 * their session check, as the network checks the session before it reads a request; the schema
 * passed is the one the route documents (route-docs.ts), so the document and the check agree.
 */
export function readInput<Schema extends z.ZodType>(
  request: FastifyRequest,
  part: RequestPart,
  schema: Schema,
): z.output<Schema> {
  const parsed = requestSchemaOf(schema).safeParse(request[part] ?? {});
  if (!parsed.success) throw new InvalidInput(parsed.error, part);
  return parsed.data as z.output<Schema>;
}
