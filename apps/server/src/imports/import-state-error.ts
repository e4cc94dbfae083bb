import { ValidationError } from '../errors.ts';

export const importFinishedMessage = 'This import is already finished';

/** Uploads and state changes are for running lists only. */
export function importFinishedError(): ValidationError {
  return new ValidationError('state', importFinishedMessage);
}
