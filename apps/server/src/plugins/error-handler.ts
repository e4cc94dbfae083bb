import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ErrorBody,
  errorNameForStatus,
  type FieldError,
  requestHeadMaxBytes,
} from '@outpilot/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const fixedMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_BAD_URL: 'The URL is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A value in the URL path is too long',
};

export const notFoundBody: ErrorBody = { name: 'NotFound', message: 'Not found' };
const internalBody: ErrorBody = { name: 'InternalError', message: 'Internal server error' };

/** Maps every failure to the one error body `{ name, message, errors? }`; a 500 never shows internals. */
export function errorBodyOf(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { name: error.errorName, message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error.code) body.code = error.code;
    return { status: error.status, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationFailure(error.validation, (error as { validationContext?: string }).validationContext);
  }
  if (isFastifyError(error) && !isResponseSerializationError(error)) {
    const status = error.statusCode ?? 500;
    if (error.validation) return validationFailure(error.validation, error.validationContext);
    if (status >= 400 && status < 500) {
      const isJsonSyntax = error instanceof SyntaxError;
      const message = isJsonSyntax
        ? 'Request body is not valid JSON'
        : (fixedMessages[error.code] ?? (error.message || 'Bad request'));
      return { status, body: { name: errorNameForStatus(status), message } };
    }
  }
  return { status: 500, body: internalBody };
}

type ValidationIssue = { instancePath: string; message?: string; keyword?: string; params?: unknown };

const unknownKeyLabels: Record<string, string> = { querystring: 'parameter', params: 'path parameter' };

/** The field errors of one issue: an unknown key is named as the field itself, one error per key. */
function fieldErrorsOf(issue: ValidationIssue, context: string | undefined): FieldError[] {
  const path = issue.instancePath.split('/').filter(Boolean).join('.');
  const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
    const label = unknownKeyLabels[context ?? ''] ?? 'field';
    return keys.map((key) => {
      const field = path ? `${path}.${String(key)}` : String(key);
      return { field, description: `Unknown ${label}: ${field}` };
    });
  }
  return [{ field: path || (context ?? 'body'), description: issue.message ?? 'Invalid value' }];
}

/** A request that failed its schema: 422 with one field error per issue, the first one as the message. */
function validationFailure(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): { status: number; body: ErrorBody } {
  const errors: FieldError[] = issues.flatMap((issue) => fieldErrorsOf(issue, context));
  return {
    status: 422,
    body: { name: 'UnprocessableEntity', message: errors[0]?.description ?? 'Invalid request', errors },
  };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'code' in error || 'validation' in error);
}

/**
 * Answers a failure with its error body: a route's (the error handler) and what the router refuses
 * before a route runs (Fastify's frameworkErrors: a broken percent-escape in the path, a path
 * value over 100 characters).
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorBodyOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, name: body.name }, 'request rejected');
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** What Node's HTTP parser refuses before a route sees the request, by the parser's error code. */
const parserRefusals: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: `Request head is too large (at most ${requestHeadMaxBytes / 1024} KB of URL and headers)`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Request timed out' },
};
const malformedRequest = { status: 400, message: 'Malformed HTTP request' };

/**
 * Fastify's clientErrorHandler: a request the parser refused (a head over the limit, a timeout,
 * broken syntax) gets the same `{ name, message }` body as every other failure, then the connection
 * closes, as Node's own handler does.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = parserRefusals[error.code ?? ''] ?? malformedRequest;
  const body: ErrorBody = { name: errorNameForStatus(status), message };
  const json = JSON.stringify(body);
  this.log.info({ status, code: error.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
