import type { ErrorName, FieldError } from '@outpilot/contracts';

/** The app's own failures: use-cases throw these, and the error plugin maps them to the error body. */
export class AppError extends Error {
  readonly status: number;
  readonly errorName: ErrorName;
  readonly errors: FieldError[] | undefined;
  readonly code: string | undefined;

  constructor(
    status: number,
    errorName: ErrorName,
    message: string,
    options: { errors?: FieldError[]; code?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = errorName;
    this.status = status;
    this.errorName = errorName;
    this.errors = options.errors;
    this.code = options.code;
  }
}

export const notAuthorizedMessage = 'Not authorized';

export class NotAuthorizedError extends AppError {
  constructor(cause?: unknown) {
    super(403, 'NotAuthorized', notAuthorizedMessage, { cause });
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'NotFound', message);
  }
}

/** A 422 with one field error; the message is the description, as the app shows the first error. */
export class ValidationError extends AppError {
  constructor(field: string, description: string, cause?: unknown) {
    super(422, 'UnprocessableEntity', description, { errors: [{ field, description }], cause });
  }
}

/** A 422 with several field errors (rules of @outpilot/domain); the message is the first description. */
export class InvalidFieldsError extends AppError {
  constructor(errors: [FieldError, ...FieldError[]]) {
    super(422, 'UnprocessableEntity', errors[0].description, { errors });
  }
}

/** A 409: the request is well formed but collides with what another account holds. */
export class ConflictError extends AppError {
  constructor(errorName: ErrorName, message: string, cause?: unknown) {
    super(409, errorName, message, { cause });
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, 'BadRequest', message);
  }
}

/** Throws InvalidFieldsError when a domain rule reported errors. */
export function assertNoFieldErrors(errors: FieldError[]): void {
  const [first, ...rest] = errors;
  if (first) throw new InvalidFieldsError([first, ...rest]);
}
