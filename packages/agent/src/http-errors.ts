import { errorNameForStatus, readErrorBody } from '@outpilot/contracts';
import type { z } from 'zod';
import { AgentError, badGateway, toErrorName } from './errors.ts';

/**
 * The body of a 2xx answer, checked against its contract. A body that is no JSON or breaks the
 * contract means something between us and the service is wrong: a bad gateway.
 */
export async function readJson<T extends z.ZodType>(response: Response, schema: T): Promise<z.output<T>> {
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw badGateway(response.status);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badGateway(response.status);
  return parsed.data;
}

/** Retry-After in milliseconds; the network sends seconds. Undefined when absent or not a number of seconds. */
export function readRetryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after')?.trim();
  return header && /^\d+$/.test(header) ? Number(header) * 1000 : undefined;
}

/** A non-2xx answer as an AgentError: the body's name and message when it has one, else by status. */
export async function errorFromResponse(response: Response): Promise<AgentError> {
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return badGateway(response.status);
  }
  const body = await readErrorBody(response);
  const fallbackName = errorNameForStatus(response.status);
  // A throttled answer says how long to wait; the runner's back-off honours it.
  const retryAfterMs = readRetryAfterMs(response);
  const retry = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (!body) {
    return new AgentError(
      fallbackName,
      response.statusText || `Request failed with status ${response.status}`,
      { status: response.status, ...retry },
    );
  }
  // For a validation error the first item of the errors list is the message to show (seed 000 §8).
  const message = response.status === 422 && body.errors?.[0] ? body.errors[0].description : body.message;
  return new AgentError(toErrorName(body.name), message, {
    status: response.status,
    ...retry,
    ...(body.code ? { code: body.code } : {}),
    ...(body.errors ? { errors: body.errors } : {}),
  });
}

/** fetch() itself failed: no network, refused connection, time-out or abort. */
export function errorFromFetchFailure(error: unknown): AgentError {
  if (error instanceof AgentError) return error;
  return badGateway();
}
