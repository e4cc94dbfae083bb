import {
  type AppProfile,
  authEndpoints,
  type CreateImportRequest,
  createImportRequestSchema,
  type EndpointClient,
  type ExchangeCodeRequest,
  type ExchangeCodeResponse,
  exchangeCodeRequestSchema,
  fixedToken,
  type ImpersonationResponse,
  type ImportList,
  type ImportProfileInput,
  importsEndpoints,
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
  type UpdateImportStateRequest,
  type UploadImportProfilesAnswer,
  updateImportStateRequestSchema,
  uploadImportProfilesRequestSchema,
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

/**
 * The bridge host's calls to the main API, named for what it does with them. Each takes the
 * token the caller holds (the token store refreshes it); bodies are checked against the
 * contracts before they go, answers when they come back (the one client of the contracts).
 */
export class ApiClient {
  readonly #client: EndpointClient;

  constructor(options: ApiClientOptions) {
    this.#client = createServerClient({
      baseUrls: { api: options.apiBaseUrl },
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    });
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

  /** An import list, or null when it does not exist or is another workspace's (the server's 204). */
  getImport(accessToken: string, importId: string): Promise<ImportList | null> {
    return this.#client.call(
      importsEndpoints.get,
      { params: { id: importId } },
      { token: fixedToken(accessToken) },
    );
  }

  /** Opens a new import list; the agent uploads what it finds into it. */
  createImport(accessToken: string, request: CreateImportRequest): Promise<ImportList> {
    return this.#client.call(
      importsEndpoints.create,
      { body: createImportRequestSchema.parse(request) },
      { token: fixedToken(accessToken) },
    );
  }

  /** Uploads one batch (at most importProfilesBatchMax) of found profiles into an import list. */
  uploadImportProfiles(
    accessToken: string,
    importId: string,
    profiles: ImportProfileInput[],
  ): Promise<UploadImportProfilesAnswer> {
    return this.#client.call(
      importsEndpoints.uploadProfiles,
      { params: { id: importId }, body: uploadImportProfilesRequestSchema.parse({ profiles }) },
      { token: fixedToken(accessToken) },
    );
  }

  /** Reports the run's end: completed, failed (with the error's name) or stopped. */
  updateImportState(
    accessToken: string,
    importId: string,
    request: UpdateImportStateRequest,
  ): Promise<ImportList> {
    return this.#client.call(
      importsEndpoints.updateState,
      { params: { id: importId }, body: updateImportStateRequestSchema.parse(request) },
      { token: fixedToken(accessToken) },
    );
  }
}
