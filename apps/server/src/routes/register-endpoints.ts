import {
  type Endpoint,
  type EndpointAccess,
  type EndpointAnswerInput,
  type EndpointRequest,
  errorBodySchema,
  errorStatusesOf,
  isFileAnswer,
  routePathOf,
} from '@outpilot/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../auth/authenticate.ts';
import { csvFileResponse } from './csv-download.ts';

/** What a handler gets: the request parts as the contracts parse them, and the caller. */
export type EndpointCall<E extends Endpoint> = EndpointRequest<E> & {
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
};

type Answer<E extends Endpoint> = EndpointAnswerInput<E> | FastifyReply;

/**
 * A route's code: it calls one use case and gives back its answer, or sends through `reply`
 * (files, a status the description leaves to the handler).
 */
export type EndpointHandler<E extends Endpoint> = (call: EndpointCall<E>) => Answer<E> | Promise<Answer<E>>;

type HandlerEntry<E extends Endpoint> =
  | EndpointHandler<E>
  | { handle: EndpointHandler<E>; bodyLimit: number };

/**
 * Routes from one set of descriptions and a handler for each. `setUp` prepares their scopes
 * (a body parser only these routes take, as a raw file or a signed text).
 */
export type EndpointRoutes = {
  endpoints: Record<string, Endpoint>;
  handlers: Record<string, unknown>;
  setUp?: (scope: FastifyInstance) => void;
};

/** Pairs endpoints with their handlers, typed by each description. */
export function routesOf<Es extends Record<string, Endpoint>>(
  endpoints: Es,
  handlers: { [K in keyof Es]: HandlerEntry<Es[K]> },
  setUp?: (scope: FastifyInstance) => void,
): EndpointRoutes {
  return { endpoints, handlers, ...(setUp ? { setUp } : {}) };
}

/** The check each access runs before the handler (after the request is validated, so a 422 comes first). */
const guardOf = (app: FastifyInstance, access: EndpointAccess) =>
  access === 'public' ? app.optionalAuth : app.requireAuth;

/** The zod schemas of a route's answers as Fastify and the OpenAPI document take them. */
function responseSchemaOf(endpoint: Endpoint): Record<number, unknown> {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    response[Number(status)] = isFileAnswer(answer)
      ? answer.file === 'text/csv'
        ? csvFileResponse
        : { description: answer.description, content: { [answer.file]: { schema: z.unknown() } } }
      : answer;
  }
  for (const status of errorStatusesOf(endpoint)) response[status] = errorBodySchema;
  return response;
}

/**
 * Registers routes from their descriptions, in one scope per access whose guard is set once.
 * The request parts are validated by the server's validator compiler (strict wire rules); a
 * handler whose description has a single success status other than 200 answers with it.
 */
export async function registerEndpoints(
  app: FastifyInstance,
  routes: readonly EndpointRoutes[],
): Promise<void> {
  for (const { endpoints, handlers, setUp } of routes) {
    const accesses = new Set(Object.values(endpoints).map((endpoint) => endpoint.access));
    for (const access of accesses) {
      await app.register(async (scope) => {
        setUp?.(scope);
        scope.addHook('preHandler', guardOf(app, access));
        const typed = scope.withTypeProvider<ZodTypeProvider>();
        for (const [key, endpoint] of Object.entries(endpoints)) {
          if (endpoint.access !== access) continue;
          const entry = handlers[key] as HandlerEntry<Endpoint>;
          const handle = typeof entry === 'function' ? entry : entry.handle;
          const successes = Object.keys(endpoint.answers).map(Number);
          const onlyStatus = successes.length === 1 ? successes[0] : undefined;
          typed.route({
            method: endpoint.method,
            url: routePathOf(endpoint),
            ...(typeof entry === 'function' ? {} : { bodyLimit: entry.bodyLimit }),
            schema: {
              tags: [...endpoint.tags],
              summary: endpoint.summary,
              ...(endpoint.description ? { description: endpoint.description } : {}),
              ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
              ...(endpoint.params ? { params: endpoint.params } : {}),
              ...(endpoint.query ? { querystring: endpoint.query } : {}),
              ...(endpoint.body ? { body: endpoint.body } : {}),
              ...(endpoint.upload ? { consumes: [...endpoint.upload] } : {}),
              response: responseSchemaOf(endpoint),
            },
            handler: async (request, reply) => {
              if (onlyStatus !== undefined && onlyStatus !== 200) reply.code(onlyStatus);
              const answer = await handle({
                params: request.params,
                query: request.query,
                body: request.body,
                auth: request.auth as AuthContext,
                request,
                reply,
              } as EndpointCall<Endpoint>);
              return onlyStatus === 204 && answer !== reply ? reply.send(null) : answer;
            },
          });
        }
      });
    }
  }
}
