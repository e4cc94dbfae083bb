import {
  type NetworkProfile,
  networkProfileSchema,
  type SandboxSessionResponse,
  type SearchHit,
  sandboxPaths,
  sandboxSearchPeoplePath,
  sandboxSearchResponseSchema,
  sandboxSessionHeader,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import type { FetchLike } from '../api-client.ts';
import { AgentError, badGateway, rateLimitedCode } from '../errors.ts';
import { errorFromFetchFailure, errorFromResponse, readJson } from '../http-errors.ts';
import type {
  AgentNetworkClient,
  CallOptions,
  PeopleSearch,
  PeopleSearchElement,
  PeopleSearchPage,
  PeopleSearchPageRequest,
} from './network-client.ts';

export type SandboxNetworkClientOptions = {
  /** Where the sandbox is mounted, e.g. /sandbox in a page or http://localhost:3000/sandbox on a server. */
  sandboxBaseUrl: string;
  /** An explicit session for server-side runners; without it the browser's cookie is sent. */
  sessionId?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

function toElement(hit: SearchHit): PeopleSearchElement {
  if (hit.invisible) return { invisible: true };
  const { invisible: _invisible, ...profile } = hit;
  return { invisible: false, profile };
}

/** The sandbox adapter of the NetworkClient port: HTTP to apps/sandbox. */
export class SandboxNetworkClient implements AgentNetworkClient {
  readonly #baseUrl: string;
  readonly #sessionId: string | undefined;
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;

  constructor(options: SandboxNetworkClientOptions) {
    this.#baseUrl = options.sandboxBaseUrl.replace(/\/+$/, '');
    this.#sessionId = options.sessionId;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  async getMyProfile(options?: CallOptions): Promise<NetworkProfile | null> {
    try {
      return await this.#getProfile(sandboxPaths.me, options);
    } catch (error) {
      // Not signed in to the network is a state, not a failure, for this call.
      if (error instanceof AgentError && error.name === 'NotAuthenticated') return null;
      throw error;
    }
  }

  getProfile(publicIdentifier: string, options?: CallOptions): Promise<NetworkProfile> {
    return this.#getProfile(sandboxPaths.profile(publicIdentifier), options);
  }

  async searchPeople(
    search: PeopleSearch,
    page: PeopleSearchPageRequest,
    options?: CallOptions,
  ): Promise<PeopleSearchPage> {
    const query = new URLSearchParams({
      url: search.url,
      source: search.source,
      start: String(page.start),
      count: String(page.count),
    });
    const response = await this.#send('GET', `${sandboxSearchPeoplePath}?${query}`, options);
    const { total, reachable, elements } = await readJson(response, sandboxSearchResponseSchema);
    return { total, reachable, elements: elements.map(toElement) };
  }

  /**
   * Signs the browser in to the sandbox as the member chosen for this e-mail (POST session): the
   * sandbox sets its session cookie, so later calls from this browser are "signed in to the network".
   */
  async signIn(email: string, options?: CallOptions): Promise<SandboxSessionResponse> {
    const response = await this.#send('POST', sandboxPaths.session, options, { email });
    return readJson(response, sandboxSessionResponseSchema);
  }

  async #getProfile(path: string, options: CallOptions | undefined): Promise<NetworkProfile> {
    return readJson(await this.#send('GET', path, options), networkProfileSchema);
  }

  async #send(
    method: 'GET' | 'POST',
    path: string,
    options: CallOptions | undefined,
    body?: unknown,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#sessionId) headers[sandboxSessionHeader] = this.#sessionId;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    try {
      response = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      });
    } catch (error) {
      throw errorFromFetchFailure(error);
    }
    if (response.ok) return response;
    // A failing network is transient (BadGateway); a throttle says how long to back off (network-api.md §2.2).
    if (response.status >= 500) throw badGateway(response.status);
    const error = await errorFromResponse(response);
    if (response.status === 429) {
      throw new AgentError('ExceedsLimit', error.message, {
        status: 429,
        code: error.code ?? rateLimitedCode,
        ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      });
    }
    if (response.status === 401) throw new AgentError('NotAuthenticated', error.message, { status: 401 });
    // The sandbox names its refusals (NotFound, EmptySearchPage, SalesNavigatorNotAuthorized…); keep them.
    if (response.status === 404 && error.name !== 'EmptySearchPage') {
      throw new AgentError('NotFound', error.message, { status: 404 });
    }
    throw error;
  }
}
