import { errorBodySchema, errorNameForStatus } from '@outpilot/contracts';
import { AgentError, badGateway, toErrorName } from './errors.ts';

/** A non-2xx answer as an AgentError: the body's name and message when it has one, else by status. */
export async function errorFromResponse(response: Response): Promise<AgentError> {
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return badGateway(response.status);
  }
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    raw = undefined;
  }
  const parsed = errorBodySchema.safeParse(raw);
  const fallbackName = errorNameForStatus(response.status);
  if (!parsed.success) {
    return new AgentError(
      fallbackName,
      response.statusText || `Request failed with status ${response.status}`,
      {
        status: response.status,
      },
    );
  }
  const body = parsed.data;
  // For a validation error the first item of the errors list is the message to show (seed 000 §8).
  const message = response.status === 422 && body.errors?.[0] ? body.errors[0].description : body.message;
  return new AgentError(toErrorName(body.name), message, {
    status: response.status,
    ...(body.code ? { code: body.code } : {}),
    ...(body.errors ? { errors: body.errors } : {}),
  });
}

/** fetch() itself failed: no network, refused connection, time-out or abort. */
export function errorFromFetchFailure(error: unknown): AgentError {
  if (error instanceof AgentError) return error;
  return badGateway();
}
