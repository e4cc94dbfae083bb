import type { z } from 'zod';
import { apiBasePath, automationBasePath } from './paths.ts';

/**
 * One endpoint, described once: the server registers its route from it, the OpenAPI document
 * shows it, and the web app and the agent call it through the one client (endpoint-client.ts).
 * Each domain's file holds its endpoints next to their schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The main API (/api/v1) or the automation service (/automation/v1). */
export type EndpointService = 'api' | 'automation';

export const serviceBasePaths: Readonly<Record<EndpointService, string>> = {
  api: apiBasePath,
  automation: automationBasePath,
};

/**
 * Who may call: `public` anyone (a valid token, when sent, still names the caller), `user` a
 * signed-in user's access token, `runner` the agent acting for a signed-in user with that user's
 * token (the same check today; kept apart so the runner's calls can be told from the screens').
 */
export type EndpointAccess = 'public' | 'user' | 'runner';

/** The error names an endpoint may answer with, and their status. */
export const endpointErrorStatuses = {
  BadRequest: 400,
  NotAuthorized: 403,
  NotFound: 404,
  ProfileAlreadyUsed: 409,
  PayloadTooLarge: 413,
  UnprocessableEntity: 422,
  TooManyRequests: 429,
  BadGateway: 502,
} as const;
export type EndpointErrorName = keyof typeof endpointErrorStatuses;

/** A file answer (CSV): its body is the file's bytes, never JSON. */
export type FileAnswer = { readonly file: string; readonly description: string };

/** A successful answer: its JSON schema (z.null() for a 204), or a file. */
export type EndpointAnswer = z.ZodType | FileAnswer;

export type Endpoint = {
  readonly service: EndpointService;
  readonly method: HttpMethod;
  /** Under the service's base path; parameters are written ':name'. */
  readonly path: string;
  readonly access: EndpointAccess;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body; an upload names its media types in `upload` instead. */
  readonly body?: z.ZodType;
  /** A raw file as the body, with the media types it may be sent as. */
  readonly upload?: readonly string[];
  /** The successful answers by status. */
  readonly answers: Readonly<Record<number, EndpointAnswer>>;
  /** What else it may answer, by error name (a token-guarded endpoint may always say NotAuthorized). */
  readonly errors: readonly EndpointErrorName[];
};

/** Keeps an endpoint's literal types (method, path, schemas) for the server and the client. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export function isFileAnswer(answer: EndpointAnswer): answer is FileAnswer {
  return 'file' in answer && typeof (answer as FileAnswer).file === 'string';
}

/** A CSV file answer (exports, the contact file template). */
export const csvFileAnswer: FileAnswer = {
  file: 'text/csv',
  description: 'A CSV file (UTF-8 with BOM), downloaded as an attachment',
};

/** The error statuses an endpoint documents: its own errors, and 403 when a token is needed. */
export function errorStatusesOf(endpoint: Endpoint): number[] {
  const names = new Set<EndpointErrorName>(endpoint.errors);
  if (endpoint.access !== 'public') names.add('NotAuthorized');
  return [...names].map((name) => endpointErrorStatuses[name]).sort((a, b) => a - b);
}

/** The full path of an endpoint as the server's router reads it, e.g. /api/v1/campaigns/:id. */
export function routePathOf(endpoint: Pick<Endpoint, 'service' | 'path'>): string {
  return `${serviceBasePaths[endpoint.service]}${endpoint.path}`;
}

/** A concrete path: each ':name' replaced by its encoded value. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

// ---------------------------------------------------------------------------------------------
// Types the server and the client derive from a description

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** A query-string value as a caller gives it; undefined leaves the parameter out. */
export type QueryValue = string | number | boolean | undefined;
type QueryOf<I> = { [K in keyof I]: QueryValue };
type PathParamsOf<I> = { [K in keyof I]: string | number };

/** What a caller sends: the path parameters, the query, the body (or the file of an upload). */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: PathParamsOf<SchemaInput<E['params']>> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType
    ? // biome-ignore lint/complexity/noBannedTypes: a query of optional parameters only may be left out
      {} extends SchemaInput<E['query']>
      ? { query?: QueryOf<SchemaInput<E['query']>> }
      : { query: QueryOf<SchemaInput<E['query']>> }
    : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: SchemaInput<E['body']> } : { body?: undefined }) &
  (E['upload'] extends readonly string[]
    ? { file: { body: NonNullable<RequestInit['body']>; type: string } }
    : { file?: undefined });

type AnswerOutput<A> = A extends z.ZodType ? z.output<A> : A extends FileAnswer ? Response : never;
type AnswerInput<A> = A extends z.ZodType ? z.input<A> : never;

/** What a caller receives: the parsed answer (null for a 204), or the Response of a file. */
export type EndpointOutput<E extends Endpoint> = {
  [S in keyof E['answers']]: AnswerOutput<E['answers'][S]>;
}[keyof E['answers']];

/** What the server's handler gives back for the JSON answers. */
export type EndpointAnswerInput<E extends Endpoint> = {
  [S in keyof E['answers']]: AnswerInput<E['answers'][S]>;
}[keyof E['answers']];

/** The parsed request as the server's handler sees it. */
export type EndpointRequest<E extends Endpoint> = {
  params: SchemaOutput<E['params']>;
  query: SchemaOutput<E['query']>;
  body: E['upload'] extends readonly string[] ? unknown : SchemaOutput<E['body']>;
};
