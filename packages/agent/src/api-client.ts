import {
  type AppProfile,
  authEndpoints,
  type EndpointClient,
  type ExchangeCodeRequest,
  type ExchangeCodeResponse,
  exchangeCodeRequestSchema,
  fixedToken,
  type ImpersonationResponse,
  type LogEntry,
  logEntrySchema,
  logsEndpoints,
  memberSessionEndpoints,
  refreshTokenRequestSchema,
  type SignInUrlRequest,
  type SignInUrlResponse,
  signInUrlRequestSchema,
  type TokenPair,
  type TokenSource,
} from '@outpilot/contracts';
import { createServerClient, type FetchLike } from './server-client.ts';

export type { FetchLike } from './server-client.ts';

export type ApiClientOptions = {
  /** The main API's base, e.g. https://app.example.com/api/v1 or /api/v1 in a page. */
  apiBaseUrl: string;
  fetch?: FetchLike;
  /** How long one call may take before it counts as a bad gateway. */
  timeoutMs?: number;
};

/** The contracts' endpoint client on the main API's base, with the agent's errors. */
export function mainApiClient(options: ApiClientOptions): EndpointClient {
  return createServerClient({
    baseUrls: { api: options.apiBaseUrl },
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
}

/**
 * The bridge host's calls to the main API, named for what it does with them (the import runner's
 * are in imports-api-client.ts, loaded with the runners). Each takes the token the caller holds
 * (the token store refreshes it); bodies are checked against the contracts before they go,
 * answers when they come back (the one client of the contracts).
 */
export class ApiClient {
  readonly #client: EndpointClient;

  constructor(options: ApiClientOptions) {
    this.#client = mainApiClient(options);
  }

  signInUrl(request: SignInUrlRequest): Promise<SignInUrlResponse> {
    return this.#client.call(authEndpoints.signInUrl, { body: signInUrlRequestSchema.parse(request) });
  }

  exchangeCode(request: ExchangeCodeRequest): Promise<ExchangeCodeResponse> {
    return this.#client.call(authEndpoints.exchangeCode, { body: exchangeCodeRequestSchema.parse(request) });
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.#client.call(authEndpoints.refreshToken, {
      body: refreshTokenRequestSchema.parse({ refreshToken }),
    });
  }

  async signOut(accessToken: string): Promise<void> {
    await this.#client.call(authEndpoints.signOut, {}, { token: fixedToken(accessToken) });
  }

  /** Sign in under a team member: a member-session access token (no refresh token). */
  signInAsMember(accessToken: string, memberId: string): Promise<ImpersonationResponse> {
    return this.#client.call(
      memberSessionEndpoints.impersonate,
      { params: { id: memberId } },
      { token: fixedToken(accessToken) },
    );
  }

  /** Ends the member session the token belongs to. */
  async stopMemberSession(memberAccessToken: string): Promise<void> {
    await this.#client.call(
      memberSessionEndpoints.stopImpersonation,
      {},
      { token: fixedToken(memberAccessToken) },
    );
  }

  /**
   * The signed-in user's profile. With a token source that can refresh, a 403 is retried once with
   * a fresh token: the agent judges expiry by its own clock, and the server's may be ahead.
   */
  getProfile(token: string | TokenSource): Promise<AppProfile> {
    return this.#client.call(
      authEndpoints.profile,
      {},
      { token: typeof token === 'string' ? fixedToken(token) : token },
    );
  }

  /** The Bearer is optional: errors before sign-in are reported too. */
  async postLog(entry: LogEntry, accessToken?: string | null): Promise<void> {
    await this.#client.call(
      logsEndpoints.postLog,
      { body: logEntrySchema.parse(entry) },
      { token: fixedToken(accessToken) },
    );
  }
}
