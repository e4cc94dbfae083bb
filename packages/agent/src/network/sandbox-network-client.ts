import {
  type NetworkProfile,
  networkProfileSchema,
  type SandboxSessionResponse,
  sandboxPaths,
  sandboxSessionHeader,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import type { FetchLike } from '../api-client.ts';
import { AgentError, badGateway } from '../errors.ts';
import { errorFromFetchFailure, errorFromResponse } from '../http-errors.ts';
import type { CallOptions, ProfileNetworkClient } from './network-client.ts';

export type SandboxNetworkClientOptions = {
  /** Where the sandbox is mounted, e.g. /sandbox in a page or http://localhost:3000/sandbox on a server. */
  sandboxBaseUrl: string;
  /** An explicit session for server-side runners; without it the browser's cookie is sent. */
  sessionId?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

/** The sandbox adapter of the NetworkClient port: HTTP to apps/sandbox. */
export class SandboxNetworkClient implements ProfileNetworkClient {
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

  /**
   * Signs the browser in to the sandbox as the member chosen for this e-mail (POST session): the
   * sandbox sets its session cookie, so later calls from this browser are "signed in to the network".
   */
  async signIn(email: string, options?: CallOptions): Promise<SandboxSessionResponse> {
    const response = await this.#send('POST', sandboxPaths.session, options, { email });
    let raw: unknown;
    try {
      raw = await response.json();
    } catch {
      throw badGateway(response.status);
    }
    const parsed = sandboxSessionResponseSchema.safeParse(raw);
    if (!parsed.success) throw badGateway(response.status);
    return parsed.data;
  }

  async #getProfile(path: string, options: CallOptions | undefined): Promise<NetworkProfile> {
    const response = await this.#send('GET', path, options);
    let raw: unknown;
    try {
      raw = await response.json();
    } catch {
      throw badGateway(response.status);
    }
    const parsed = networkProfileSchema.safeParse(raw);
    if (!parsed.success) throw badGateway(response.status);
    return parsed.data;
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
    // The network throttling us or failing is transient; the caller backs off (network-api.md §2).
    if (response.status === 429 || response.status >= 500) throw badGateway(response.status);
    const error = await errorFromResponse(response);
    if (response.status === 401) throw new AgentError('NotAuthenticated', error.message, { status: 401 });
    if (response.status === 404) throw new AgentError('NotFound', error.message, { status: 404 });
    throw error;
  }
}
