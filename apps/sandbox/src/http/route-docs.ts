import { errorBodySchema } from '@outpilot/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

/** The network's refusals, as its error handler answers them (sandbox-error.ts). */
const refusals = {
  400: 'Refused (BadRequest): an action on oneself, an invitation withdrawn too recently or already accepted',
  401: 'Not signed in to the network, or the session expired (NotAuthenticated)',
  403: 'Not allowed (NotAuthorized): only 1st-degree connections can be messaged or endorsed',
  404: 'No such member, post, invitation or conversation (NotFound), or an empty search page (EmptySearchPage)',
  422: 'Invalid input (UnprocessableEntity): the first error is the message, each field named',
  429: 'Throttled (ExceedsLimit): a network limit or a seeded transient fault, with Retry-After',
  502: 'The network is temporarily unavailable (BadGateway): a seeded transient fault',
} as const;
export type Refusal = keyof typeof refusals;

/** Every call that needs a session; those that draw seeded faults (SANDBOX_FAULT_RATE) add 429 and 502. */
export const signedIn: Refusal[] = [401];
export const drawsFaults: Refusal[] = [429, 502];

type Answer = { description: string; schema: z.ZodType; mediaType?: string };

/**
 * A route's documentation for the OpenAPI document the server serves: what it takes and every
 * status it answers, with media types. Documentation only: each handler reads its input itself,
 * after the session check, and answers as before (see documentOnly).
 */
export function routeDocs(options: {
  summary: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  answers: Record<number, Answer>;
  refusals: Refusal[];
}): { schema: FastifySchema } {
  const content = (answer: Answer) => ({
    description: answer.description,
    content: { [answer.mediaType ?? 'application/json']: { schema: answer.schema } },
  });
  const response: Record<number, ReturnType<typeof content>> = {};
  for (const [status, answer] of Object.entries(options.answers)) response[Number(status)] = content(answer);
  for (const status of options.refusals) {
    response[status] = content({ description: refusals[status], schema: errorBodySchema });
  }
  return {
    schema: {
      tags: ['sandbox network'],
      summary: options.summary,
      ...(options.body ? { body: options.body } : {}),
      ...(options.querystring ? { querystring: options.querystring } : {}),
      ...(options.params ? { params: options.params } : {}),
      response,
    } as FastifySchema,
  };
}

export const noContent = { description: 'Done, no content', schema: z.never() } satisfies Answer;

/**
 * The network's route schemas document and never validate or serialize: a handler checks the
 * session before it reads its input (an unsigned call with a bad body is a 401, as on the network),
 * parses it with the contracts' schemas and answers its own JSON. The host's compilers (the
 * server's strict wire rules) would otherwise run first.
 */
export function documentOnly(app: FastifyInstance): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
