import {
  type AppProfile,
  apiPaths,
  appProfileSchema,
  type CreateImportRequest,
  createImportAnswerSchema,
  createImportRequestSchema,
  type ExchangeCodeRequest,
  type ExchangeCodeResponse,
  exchangeCodeRequestSchema,
  exchangeCodeResponseSchema,
  type ImpersonationResponse,
  type ImportList,
  type ImportProfileInput,
  impersonationResponseSchema,
  importListSchema,
  importsPaths,
  type LogEntry,
  logEntrySchema,
  refreshTokenRequestSchema,
  type SignInUrlRequest,
  type SignInUrlResponse,
  signInUrlRequestSchema,
  signInUrlResponseSchema,
  type TokenPair,
  teamPaths,
  tokenPairSchema,
  type UpdateImportStateRequest,
  type UploadImportProfilesAnswer,
  updateImportStateAnswerSchema,
  updateImportStateRequestSchema,
  uploadImportProfilesAnswerSchema,
  uploadImportProfilesRequestSchema,
} from '@outpilot/contracts';
import type { z } from 'zod';
import { errorFromFetchFailure, errorFromResponse, readJson } from './http-errors.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  /** The main API's base, e.g. https://app.example.com/api/v1 or /api/v1 in a page. */
  apiBaseUrl: string;
  fetch?: FetchLike;
  /** How long one call may take before it counts as a bad gateway. */
  timeoutMs?: number;
};

type Call = { method: 'GET' | 'POST' | 'PUT'; path: string; accessToken?: string | null; body?: unknown };

const importPath = (path: string, importId: string) => path.replace(':id', encodeURIComponent(importId));

/** Typed calls to the server's main API; every body is checked against the contracts both ways. */
export class ApiClient {
  readonly #baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;

  constructor(options: ApiClientOptions) {
    this.#baseUrl = options.apiBaseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  signInUrl(request: SignInUrlRequest): Promise<SignInUrlResponse> {
    return this.#json(signInUrlResponseSchema, {
      method: 'POST',
      path: apiPaths.signInUrl,
      body: signInUrlRequestSchema.parse(request),
    });
  }

  exchangeCode(request: ExchangeCodeRequest): Promise<ExchangeCodeResponse> {
    return this.#json(exchangeCodeResponseSchema, {
      method: 'POST',
      path: apiPaths.exchangeCode,
      body: exchangeCodeRequestSchema.parse(request),
    });
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.#json(tokenPairSchema, {
      method: 'POST',
      path: apiPaths.refreshToken,
      body: refreshTokenRequestSchema.parse({ refreshToken }),
    });
  }

  async signOut(accessToken: string): Promise<void> {
    await this.#send({ method: 'POST', path: apiPaths.signOut, accessToken });
  }

  /** Sign in under a team member: a member-session access token (no refresh token). */
  signInAsMember(accessToken: string, memberId: string): Promise<ImpersonationResponse> {
    return this.#json(impersonationResponseSchema, {
      method: 'POST',
      path: teamPaths.impersonate.replace(':id', encodeURIComponent(memberId)),
      accessToken,
    });
  }

  /** Ends the member session the token belongs to. */
  async stopMemberSession(memberAccessToken: string): Promise<void> {
    await this.#send({ method: 'POST', path: teamPaths.stopImpersonation, accessToken: memberAccessToken });
  }

  getProfile(accessToken: string): Promise<AppProfile> {
    return this.#json(appProfileSchema, { method: 'GET', path: apiPaths.profile, accessToken });
  }

  /** The Bearer is optional: errors before sign-in are reported too. */
  async postLog(entry: LogEntry, accessToken?: string | null): Promise<void> {
    await this.#send({ method: 'POST', path: apiPaths.logs, accessToken, body: logEntrySchema.parse(entry) });
  }

  /** An import list, or null when it does not exist or is another workspace's (the server's 204). */
  async getImport(accessToken: string, importId: string): Promise<ImportList | null> {
    const response = await this.#send({
      method: 'GET',
      path: importPath(importsPaths.one, importId),
      accessToken,
    });
    return response.status === 204 ? null : readJson(response, importListSchema);
  }

  /** Opens a new import list; the agent uploads what it finds into it. */
  createImport(accessToken: string, request: CreateImportRequest): Promise<ImportList> {
    return this.#json(createImportAnswerSchema, {
      method: 'POST',
      path: importsPaths.create,
      accessToken,
      body: createImportRequestSchema.parse(request),
    });
  }

  /** Uploads one batch (at most importProfilesBatchMax) of found profiles into an import list. */
  uploadImportProfiles(
    accessToken: string,
    importId: string,
    profiles: ImportProfileInput[],
  ): Promise<UploadImportProfilesAnswer> {
    return this.#json(uploadImportProfilesAnswerSchema, {
      method: 'POST',
      path: importPath(importsPaths.profiles, importId),
      accessToken,
      body: uploadImportProfilesRequestSchema.parse({ profiles }),
    });
  }

  /** Reports the run's end: completed, failed (with the error's name) or stopped. */
  updateImportState(
    accessToken: string,
    importId: string,
    request: UpdateImportStateRequest,
  ): Promise<ImportList> {
    return this.#json(updateImportStateAnswerSchema, {
      method: 'PUT',
      path: importPath(importsPaths.state, importId),
      accessToken,
      body: updateImportStateRequestSchema.parse(request),
    });
  }

  async #json<T extends z.ZodType>(schema: T, call: Call): Promise<z.output<T>> {
    return readJson(await this.#send(call), schema);
  }

  async #send({ method, path, accessToken, body }: Call): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    // No content-type without a body: the server refuses an empty JSON body.
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw errorFromFetchFailure(error);
    }
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }
}
