import { importTexts } from '@outpilot/contracts';
import { isBridgeError } from '../../bridge/bridge-error.ts';

/** The text of a failed count (§5): Sales Navigator's own, else the error's message, else the unknown one. */
export function countErrorText(error: unknown): string {
  if (isBridgeError(error, 'SalesNavigatorNotAuthorized')) return importTexts.salesNavigatorNotAuthorized;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return importTexts.unknownFailure;
}
