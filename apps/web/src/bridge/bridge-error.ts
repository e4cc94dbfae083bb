import type { ErrorBody, FieldError } from '@outpilot/contracts';

/** Seed 000 §8: the text of a bad gateway, a network error or a time-out. */
export const badGatewayText = 'Bad network or service is temporarily unavailable. Please, try again later.';

/** A named error answered by the bridge (extension or in-page agent), or raised by the bridge client. */
export class BridgeError extends Error {
  override readonly name: string;
  readonly errors: FieldError[] | undefined;
  readonly code: string | undefined;

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = body.name;
    this.errors = body.errors;
    this.code = body.code;
  }
}

export function isBridgeError(error: unknown, name?: string): error is BridgeError {
  return error instanceof BridgeError && (name === undefined || error.name === name);
}
