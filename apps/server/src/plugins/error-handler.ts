import { type ErrorBody, errorNameForStatus, type FieldError } from '@outpilot/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const fixedMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
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

type ValidationIssue = { instancePath: string; message?: string };

/** A request that failed its schema: 422 with one field error per issue, the first one as the message. */
function validationFailure(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): { status: number; body: ErrorBody } {
  const errors: FieldError[] = issues.map((issue) => ({
    field: issue.instancePath.split('/').filter(Boolean).join('.') || (context ?? 'body'),
    description: issue.message ?? 'Invalid value',
  }));
  return {
    status: 422,
    body: { name: 'UnprocessableEntity', message: errors[0]?.description ?? 'Invalid request', errors },
  };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'code' in error || 'validation' in error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorBodyOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, name: body.name }, 'request rejected');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
