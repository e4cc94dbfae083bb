import { z } from 'zod';

/**
 * Named errors carried between the server, the bridge (extension or in-page agent) and the app
 * (seed 000 §8). The server's HTTP error bodies use the same names.
 */
export const errorNames = [
  'BadGateway',
  'NotAuthenticated',
  'NotAuthorized',
  'NotFound',
  'SalesNavigatorNotAuthorized',
  'BadRequest',
  'ProxyAuthenticationRequired',
  'UnprocessableEntity',
  'EmptySearchPage',
  'OldExtension',
  'ProproductSignInRequired',
  'SocialSignInRequired',
  'ProfileAlreadyUsed',
  'ExceedsLimit',
  'ExtensionRuntimeMissingReceiver',
  'ExtensionRuntimeClosedPort',
  'ExtensionNotInstalled',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'TooManyRequests',
  'InternalError',
  'ClientError',
] as const;
export type ErrorName = (typeof errorNames)[number];

export const fieldErrorSchema = z.object({ field: z.string(), description: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one JSON error body of every API answer that is not a success. */
export const errorBodySchema = z.object({
  name: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Errors that the catalogue says are not reported to the logs call. */
export const unloggedErrorNames: ReadonlySet<string> = new Set<ErrorName>([
  'BadGateway',
  'ProfileAlreadyUsed',
  'ExtensionRuntimeMissingReceiver',
  'ExtensionRuntimeClosedPort',
]);

/** Browser runtime messages that map to the two extension-runtime error types (seed 000 §8). */
export const runtimeErrorMessages = {
  missingReceiver: 'Could not establish connection. Receiving end does not exist.',
  closedPort: 'The message port closed before a response was received.',
} as const;

const errorNamesByStatus: Readonly<Record<number, ErrorName>> = {
  400: 'BadRequest',
  401: 'NotAuthenticated',
  403: 'NotAuthorized',
  404: 'NotFound',
  407: 'ProxyAuthenticationRequired',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalError',
  502: 'BadGateway',
  503: 'BadGateway',
  504: 'BadGateway',
};

/** The error name of an HTTP status, for answers that carry no body of their own. */
export function errorNameForStatus(status: number): ErrorName {
  return errorNamesByStatus[status] ?? (status >= 500 ? 'InternalError' : 'ClientError');
}
