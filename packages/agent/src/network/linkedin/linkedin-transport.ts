import { sandboxActionErrorCodes as codes } from '@outpilot/contracts';
import type { FetchLike } from '../../api-client.ts';
import { AgentError, badGateway, rateLimitedCode } from '../../errors.ts';
import { readRetryAfterMs } from '../../http-errors.ts';
import { realSleep, type Sleep } from '../../import-runner/with-retry.ts';
import {
  accept,
  type GraphqlQuery,
  graphqlQueries,
  linkedInCodes,
  linkedInRequestPacing,
  queryIdPagePath,
  type RequestPacing,
  salesApiPath,
  voyagerPath,
} from './linkedin-wire.ts';

export type LinkedInTransportOptions = {
  /** https://www.linkedin.com, or the stand-in's address in tests. */
  baseUrl: string;
  fetch: FetchLike;
  /**
   * A cookie of the network's site. In the extension, chrome.cookies; the browser sends the cookies
   * itself (credentials: 'include'), the adapter only needs JSESSIONID for the csrf-token header.
   */
  readCookie: (name: string) => Promise<string | null>;
  pacing?: RequestPacing;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  timeoutMs?: number;
};

export type LinkedInRequest = {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Under /voyager/api unless it starts with /sales-api or is a page path (starting with /in/, /feed/). */
  path: string;
  accept?: string;
  body?: unknown;
  /** Messenger actions send JSON as text/plain (reference §0). */
  textBody?: boolean;
  /** A page of the site (a profile view), not an API call: no csrf-token or REST.li headers. */
  page?: boolean;
  signal?: AbortSignal | undefined;
};

/** A throttle with no Retry-After: wait a minute (SD waits 30–300 s on "slow down"). */
const defaultThrottleMs = 60_000;
/** MAX_INVITATION_SENT is a velocity hold of about an hour (reference §2.2). */
const velocityHoldMs = 60 * 60_000;

const signInPaths = /\/(login|checkpoint|authwall|uas\/login)/;

/** What an error answer says: LinkedIn writes its code in data.code (normalized) or code. */
async function readErrorBody(response: Response): Promise<{ code?: string; text: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; data?: { code?: unknown } };
    const code = body.data?.code ?? body.code;
    return typeof code === 'string' ? { code, text } : { text };
  } catch {
    return { text };
  }
}

/**
 * The HTTP side of the LinkedIn adapter: the headers the web app sends (csrf-token from
 * JSESSIONID, REST.li 2.0), a pause between calls, the GraphQL query ids read from the site's
 * own scripts, and every error signal of reference §2.2 as the catalogue's error.
 */
export class LinkedInTransport {
  readonly #options: LinkedInTransportOptions;
  readonly #baseUrl: string;
  readonly #pacing: RequestPacing;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #now: () => number;
  #nextRequestAt = 0;
  #queryIds: Promise<Map<GraphqlQuery, string>> | undefined;
  #requests = 0;

  constructor(options: LinkedInTransportOptions) {
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#pacing = options.pacing ?? linkedInRequestPacing;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
  }

  /** How many HTTP requests the adapter made (the benchmark reports it). */
  get requestCount(): number {
    return this.#requests;
  }

  /** A JSON call; a 2xx body is handed back unparsed for the caller's schema. */
  async json(request: LinkedInRequest): Promise<unknown> {
    const response = await this.#call(request, !request.page);
    try {
      return await response.json();
    } catch {
      throw unexpectedAnswer(request.path);
    }
  }

  /** A call whose answer has no body worth reading (an action, a page view). */
  async send(request: LinkedInRequest): Promise<void> {
    await this.#call(request, !request.page);
  }

  /** A file (an attachment): its bytes and media type, read like a page (no API headers). */
  async file(request: LinkedInRequest): Promise<{ bytes: Uint8Array; mediaType: string }> {
    const response = await this.#call(request, false);
    return {
      bytes: new Uint8Array(await response.arrayBuffer()),
      mediaType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  /** Whether an address is the site's own or its media host's (attachments live on *.licdn.com). */
  isOwnOrMediaAddress(url: string): boolean {
    try {
      const target = new URL(url);
      if (target.origin === new URL(this.#baseUrl).origin) return true;
      return target.protocol === 'https:' && /(^|\.)licdn\.com$/.test(target.hostname);
    } catch {
      return false;
    }
  }

  /** A GraphQL query: its current id is discovered from the site; a rotated id is looked up again once. */
  async graphql(name: GraphqlQuery, variables: string, path: string, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      const queryId = await this.#queryId(name, signal);
      try {
        return await this.json({
          path: `${path}?queryId=${queryId}&variables=${variables}`,
          accept: accept.graphql,
          signal,
        });
      } catch (error) {
        // An unknown id answers 400: the site shipped new bundles since we read them.
        if (attempt === 0 && error instanceof AgentError && error.status === 400 && !error.code) {
          this.#queryIds = undefined;
          continue;
        }
        throw error;
      }
    }
  }

  async #queryId(name: GraphqlQuery, signal: AbortSignal | undefined): Promise<string> {
    if (!this.#queryIds) {
      this.#queryIds = this.#discoverQueryIds(signal);
      this.#queryIds.catch(() => {
        this.#queryIds = undefined;
      });
    }
    const id = (await this.#queryIds).get(name);
    if (!id) throw new AgentError('BadGateway', `LinkedIn's pages no longer name the ${name} query`);
    return id;
  }

  /** Reads the feed page and the scripts it loads for <name>.<32 hex> (reference §0, §2.3). */
  async #discoverQueryIds(signal: AbortSignal | undefined): Promise<Map<GraphqlQuery, string>> {
    const page = await (
      await this.#call({ path: queryIdPagePath, accept: 'text/html', signal }, false)
    ).text();
    const found = new Map<GraphqlQuery, string>();
    const collect = (text: string) => {
      for (const match of text.matchAll(/\b([A-Za-z]+)\.([0-9a-f]{32})\b/g)) {
        const [, name, hash] = match;
        if ((graphqlQueries as readonly string[]).includes(name ?? '') && !found.has(name as GraphqlQuery))
          found.set(name as GraphqlQuery, `${name}.${hash}`);
      }
    };
    collect(page);
    const scripts = [...page.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] ?? '');
    for (const src of scripts) {
      if (found.size === graphqlQueries.length) break;
      const url = new URL(src, this.#baseUrl);
      // Only the site's own scripts (and its static host) are read.
      if (url.origin !== new URL(this.#baseUrl).origin && url.hostname !== 'static.licdn.com') continue;
      collect(await (await this.#call({ path: url.href, accept: '*/*', signal }, false)).text());
    }
    return found;
  }

  async #csrfToken(): Promise<string> {
    const jsessionId = await this.#options.readCookie('JSESSIONID');
    // No JSESSIONID: the browser is not signed in to LinkedIn.
    if (!jsessionId) throw notSignedIn();
    return jsessionId.replace(/^"|"$/g, '');
  }

  async #pace(signal: AbortSignal | undefined) {
    const wait = this.#nextRequestAt - this.#now();
    if (wait > 0) await this.#sleep(wait, signal);
    const { minMs, maxMs } = this.#pacing;
    this.#nextRequestAt = this.#now() + minMs + this.#random() * (maxMs - minMs);
  }

  #url(path: string): string {
    if (/^https?:\/\//.test(path)) return path;
    const isPage = /^\/(in|feed)\//.test(path);
    const prefix = path.startsWith(salesApiPath) || isPage ? '' : voyagerPath;
    return `${this.#baseUrl}${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  async #call(request: LinkedInRequest, api: boolean, csrfRetried = false): Promise<Response> {
    const headers: Record<string, string> = { accept: request.accept ?? accept.normalized };
    if (api) {
      headers['csrf-token'] = await this.#csrfToken();
      headers['x-restli-protocol-version'] = '2.0.0';
      headers['x-li-lang'] = 'en_US';
    }
    if (request.body !== undefined)
      headers['content-type'] = request.textBody ? 'text/plain;charset=UTF-8' : 'application/json';
    await this.#pace(request.signal);
    const timeout = AbortSignal.timeout(this.#options.timeoutMs ?? 30_000);
    let response: Response;
    this.#requests += 1;
    try {
      response = await this.#options.fetch(this.#url(request.path), {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'include',
        // A redirect to the sign-in or checkpoint page is the answer, not something to follow.
        redirect: 'manual',
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw badGateway();
    }
    signedOutBy(response);
    if (response.ok) return response;
    const { code, text } = await readErrorBody(response);
    const status = response.status;
    if (status === 403 && text.includes('CSRF check failed')) {
      // A stale JSESSIONID: read the cookie again once (reference §2.2), then the session is gone.
      if (!csrfRetried) return this.#call(request, api, true);
      throw new AgentError('NotAuthenticated', 'LinkedIn refused the session (CSRF check failed.)', {
        status,
        code: codes.sessionExpired,
      });
    }
    throw errorOf(status, code, request.path, readRetryAfterMs(response));
  }
}

function notSignedIn(code: string = codes.sessionExpired) {
  return new AgentError('NotAuthenticated', 'The browser is not signed in to LinkedIn', {
    status: 401,
    code,
  });
}

export const checkpointCode = 'CHECKPOINT';

/** A redirect to /login, /checkpoint or /authwall, or li_at reset: the session is gone (never re-login). */
function signedOutBy(response: Response) {
  if (response.type === 'opaqueredirect') throw notSignedIn();
  const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
  if (location && signInPaths.test(location))
    throw notSignedIn(location.includes('checkpoint') ? checkpointCode : codes.sessionExpired);
  const setCookie = response.headers.get('set-cookie') ?? '';
  if (
    /li_at=("?delete me"?|;)/.test(setCookie) ||
    /li_at=[^;]*;[^,]*expires=Thu, 01 Jan 1970/i.test(setCookie)
  )
    throw notSignedIn();
}

export function unexpectedAnswer(path: string) {
  return new AgentError('BadGateway', `LinkedIn answered ${path.split('?')[0]} in an unexpected shape`);
}

/** Reference §2.2, row by row. */
function errorOf(status: number, code: string | undefined, path: string, retryAfterMs: number | undefined) {
  const details = (extra: { code?: string; retryAfterMs?: number }) => ({ status, ...extra });
  if (status === 401) return notSignedIn();
  if (status === 429) {
    if (code === linkedInCodes.customInviteLimitReached)
      return new AgentError('ExceedsLimit', 'The free monthly personalised notes are used up', {
        ...details({ code: codes.exceedFreeMonthlyPersonalizedInvitations }),
      });
    return new AgentError('ExceedsLimit', 'LinkedIn asks to slow down', {
      ...details({ code: rateLimitedCode, retryAfterMs: retryAfterMs ?? defaultThrottleMs }),
    });
  }
  if (status >= 500) return badGateway(status);
  if (code === linkedInCodes.weeklyLimit)
    return new AgentError('ExceedsLimit', 'The weekly invitation limit is reached', {
      ...details({ code: codes.weeklyInvitationLimit, ...(retryAfterMs ? { retryAfterMs } : {}) }),
    });
  if (code === linkedInCodes.maxInvitationSent)
    return new AgentError('ExceedsLimit', 'Too many invitations in a short time', {
      ...details({ code: rateLimitedCode, retryAfterMs: retryAfterMs ?? velocityHoldMs }),
    });
  if (code === linkedInCodes.cantResendYet)
    return new AgentError('BadRequest', 'This member cannot be invited again yet', {
      ...details({ code: codes.cantResendYet }),
    });
  if (status === 403 && path.startsWith(salesApiPath))
    return new AgentError(
      'SalesNavigatorNotAuthorized',
      'This account has no Sales Navigator seat',
      details({}),
    );
  if (status === 403) return new AgentError('NotAuthorized', 'LinkedIn refused this member', details({}));
  if (status === 404) return new AgentError('NotFound', 'Not found on LinkedIn', details({}));
  if (status === 406)
    return new AgentError('BadRequest', 'The invitation is not possible in this state', {
      ...details({ code: codes.alreadyConnected }),
    });
  if (status === 422)
    return new AgentError('UnprocessableEntity', 'LinkedIn refused the request', details({}));
  return new AgentError('BadRequest', `LinkedIn refused the request (${status})`, {
    ...details(code ? { code } : {}),
  });
}
