import {
  type ErrorBody,
  type ErrorName,
  errorNames,
  type FieldError,
  runtimeErrorMessages,
} from '@outpilot/contracts';

/** ExceedsLimit's code for a throttle that passes by itself (network-api.md §2.2). */
export const rateLimitedCode = 'RATE_LIMITED';

/** The catalogue's text for 502/503/504, network failures and time-outs (seed 000 §8). */
export const badGatewayMessage =
  'Bad network or service is temporarily unavailable. Please, try again later.';

export type AgentErrorDetails = {
  code?: string;
  /** HTTP status of the answer that caused it, when there was one. */
  status?: number;
  errors?: FieldError[];
  retryAfterMs?: number;
};

/** A named failure of the agent; its name comes from the contracts' catalogue so the app can act on it. */
export class AgentError extends Error {
  override readonly name: ErrorName;
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly errors: FieldError[] | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(name: ErrorName, message: string, details: AgentErrorDetails = {}) {
    super(message);
    this.name = name;
    this.code = details.code;
    this.status = details.status;
    this.errors = details.errors;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** Worth retrying later without changing anything: a bad gateway, a server failure or a throttle. */
  get transient(): boolean {
    if (this.name === 'BadGateway' || this.name === 'TooManyRequests') return true;
    if (this.name === 'ExceedsLimit') return this.code === rateLimitedCode;
    return this.status !== undefined && this.status >= 500;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { name: this.name, message: this.message };
    if (this.code) body.code = this.code;
    if (this.errors && this.errors.length > 0) body.errors = this.errors;
    return body;
  }
}

const knownNames: ReadonlySet<string> = new Set(errorNames);

/** Unknown error names become a generic error (seed 000 §8). */
export function toErrorName(name: string): ErrorName {
  return knownNames.has(name) ? (name as ErrorName) : 'ClientError';
}

export const badGateway = (status?: number) =>
  new AgentError('BadGateway', badGatewayMessage, status === undefined ? {} : { status });

/** Turns anything thrown into the one error body the bridge answers with. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AgentError) return error.toBody();
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  if (message === runtimeErrorMessages.missingReceiver) {
    return { name: 'ExtensionRuntimeMissingReceiver', message };
  }
  if (message === runtimeErrorMessages.closedPort) return { name: 'ExtensionRuntimeClosedPort', message };
  return { name: 'ClientError', message };
}
