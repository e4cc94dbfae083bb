import type { ErrorBody, ErrorName, FieldError } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

const statusByName: Partial<Record<ErrorName, number>> = {
  BadRequest: 400,
  NotAuthenticated: 401,
  NotAuthorized: 403,
  SalesNavigatorNotAuthorized: 403,
  // An empty search is "nothing here" for the importer, kept apart from a bad link (422).
  EmptySearchPage: 404,
  NotFound: 404,
  UnprocessableEntity: 422,
  ExceedsLimit: 429,
  TooManyRequests: 429,
  BadGateway: 502,
};

/** A refusal of the simulated network, answered with the contracts' error body. */
export class SandboxError extends Error {
  override readonly name: ErrorName;
  readonly code: string | undefined;
  /** Sent as Retry-After on throttling refusals, as LinkedIn's 429 pages ask clients to wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(name: ErrorName, message: string, code?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = name;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return statusByName[this.name] ?? 400;
  }
}

export const notAuthenticated = () =>
  new SandboxError('NotAuthenticated', 'Not signed in to the sandbox network');
export const memberNotFound = () => new SandboxError('NotFound', 'This member does not exist');

/** Which part of a request a value came from: an unknown key is named as the API names it. */
export type RequestPart = 'body' | 'query' | 'params';
const unknownKeyLabels: Record<RequestPart, string> = {
  body: 'field',
  query: 'parameter',
  params: 'path parameter',
};

type Issue = ZodError['issues'][number];

/**
 * The field errors of one issue, as the product's API words them (apps/server error-handler): an
 * unknown key is named as the field itself, one error per key; a value that matches no option of
 * a union is described by the option it came closest to (fewest issues), so a stray field sent
 * with a sign-in by e-mail is named rather than answered "Invalid input" for the whole body.
 */
function fieldErrorsOf(issue: Issue, part: RequestPart, prefix: PropertyKey[] = []): FieldError[] {
  const path = [...prefix, ...issue.path].map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const field = [...path, key].join('.');
      return { field, description: `Unknown ${unknownKeyLabels[part]}: ${field}` };
    });
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, option) => (option.length < best.length ? option : best));
    return closest.flatMap((inner) => fieldErrorsOf(inner as Issue, part, [...prefix, ...issue.path]));
  }
  return [{ field: path.join('.') || '(body)', description: issue.message }];
}

function unprocessable(errors: FieldError[]): ErrorBody {
  return { name: 'UnprocessableEntity', message: errors[0]?.description ?? 'Invalid input', errors };
}

/** A request part that its route's schema refused (read-input.ts): a 422 naming each field. */
export class InvalidInput extends Error {
  readonly errors: FieldError[];

  constructor(error: ZodError, part: RequestPart) {
    const errors = error.issues.flatMap((issue) => fieldErrorsOf(issue, part));
    super(errors[0]?.description ?? 'Invalid input');
    this.errors = errors;
  }
}

/** One place maps every failure to status and body; bad input is a 4xx, never a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SandboxError) {
      const body: ErrorBody = { name: error.name, message: error.message };
      if (error.code) body.code = error.code;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(body);
    }
    if (error instanceof InvalidInput) return reply.status(422).send(unprocessable(error.errors));
    if (error instanceof ZodError) {
      return reply
        .status(422)
        .send(unprocessable(error.issues.flatMap((issue) => fieldErrorsOf(issue, 'body'))));
    }
    const status =
      typeof error === 'object' && error && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, wrong content type, body too large).
      const message = error instanceof Error ? error.message : 'Bad request';
      const body: ErrorBody = { name: status === 415 ? 'UnsupportedMediaType' : 'BadRequest', message };
      if (status === 413) body.name = 'PayloadTooLarge';
      return reply.status(status).send(body);
    }
    reply.log.error({ err: error }, 'sandbox request failed');
    const body: ErrorBody = { name: 'InternalError', message: 'Internal error' };
    return reply.status(500).send(body);
  });
  app.setNotFoundHandler((_request, reply) => {
    const body: ErrorBody = { name: 'NotFound', message: 'Not found' };
    return reply.status(404).send(body);
  });
}
