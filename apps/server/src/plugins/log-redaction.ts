import type { FastifyRequest } from 'fastify';

export const redactedMark = '[redacted]';

/**
 * Names whose values are secrets wherever they appear: query parameters, JSON keys, headers.
 * `code` and `state` are the authorization code and its binding on the sign-in callback.
 */
const secretNames = [
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'idToken',
  'token',
  'code',
  'code_verifier',
  'codeVerifier',
  'code_challenge',
  'nonce',
  'state',
  'client_secret',
  'clientSecret',
  'password',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
];
/** As JSON keys, `code` and `state` name error codes and import states, which the log needs. */
const secretKeys = secretNames.filter((name) => name !== 'code' && name !== 'state');
const alternation = (names: string[]) => names.map((name) => name.replace('-', '\\-')).join('|');

/** `name=value` in a query string or a form: the value runs to the next `&`, quote, space or `#`. */
const queryParameter = new RegExp(`([?&](?:${alternation(secretNames)})=)[^&"\\s#\\\\]*`, 'gi');
/** `"name":"value"` in the serialized line (any depth of the logged object). */
const jsonStringField = new RegExp(`("(?:${alternation(secretKeys)})":)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
/** A bearer credential written into a message. */
const bearer = /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi;
/** A JSON Web Token anywhere (header.payload.signature, each base64url). */
const jwt = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
/**
 * The bound values of a failed query, as drizzle writes them into its error message
 * (`Failed query: insert ...\nparams: state,nonce,verifier,...`): they hold whatever the row held.
 * The list runs to the end of its line (an escaped newline) or of the JSON string.
 */
const queryParams = /(params: )(?:[^"\\]|\\[^n])*/g;
/** drizzle's error also carries the bound values as a `params` array. */
const paramsArray = /("params":)\[(?:[^\]"\\]|"(?:[^"\\]|\\.)*"|\\.)*\]/g;

/**
 * Scrubs one serialized log line. This is the last step before a line is written, so whatever
 * a serializer or an error message let through (an error's text, a URL in a message) is caught.
 */
export function redactLogLine(line: string): string {
  return line
    .replace(queryParams, `$1${redactedMark}`)
    .replace(paramsArray, `$1"${redactedMark}"`)
    .replace(jsonStringField, `$1"${redactedMark}"`)
    .replace(queryParameter, `$1${redactedMark}`)
    .replace(bearer, `$1${redactedMark}`)
    .replace(jwt, redactedMark);
}

/** The request as logged: the URL keeps its path and parameter names, never a secret's value. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(queryParameter, `$1${redactedMark}`),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger's redaction: structured paths first, then the line scrub for everything else. */
export const redactingLoggerOptions = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: redactedMark,
  },
  serializers: { req: serializeRequest },
  hooks: { streamWrite: redactLogLine },
};
