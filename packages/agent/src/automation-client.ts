import {
  automationActivitiesPaths,
  type ClaimActivitiesRequest,
  type ClaimActivitiesResponse,
  claimActivitiesRequestSchema,
  claimActivitiesResponseSchema,
  type ReportActivitiesRequest,
  type ReportActivitiesResponse,
  reportActivitiesRequestSchema,
  reportActivitiesResponseSchema,
  type SyncConnectionsRequest,
  type SyncConversationsRequest,
  type SyncResponse,
  syncConnectionsRequestSchema,
  syncConversationsRequestSchema,
  syncResponseSchema,
} from '@outpilot/contracts';
import type { z } from 'zod';
import type { FetchLike } from './api-client.ts';
import { errorFromFetchFailure, errorFromResponse, readJson } from './http-errors.ts';

/**
 * The runner protocol of the automation service (contracts activities.ts). The HTTP client below
 * serves the browser runner; the server may hand the cloud runner an in-process implementation.
 */
export type AutomationApi = {
  claim(request: ClaimActivitiesRequest, signal?: AbortSignal): Promise<ClaimActivitiesResponse>;
  /** The outcomes of a claimed batch, applied in one transaction (each idempotent and fenced). */
  reportMany(request: ReportActivitiesRequest): Promise<ReportActivitiesResponse>;
  syncConnections(request: SyncConnectionsRequest): Promise<SyncResponse>;
  syncConversations(request: SyncConversationsRequest): Promise<SyncResponse>;
};

export type AutomationClientOptions = {
  /** The automation service's base, e.g. /automation/v1 in a page. */
  automationBaseUrl: string;
  /** A valid access token (refreshed when needed), or null to call without one. */
  getAccessToken: () => Promise<string | null>;
  /**
   * A freshly refreshed access token. A 403 is tried once more with it: this machine's clock, by
   * which the token looked valid, can differ from the server's.
   */
  refreshAccessToken?: () => Promise<string | null>;
  fetch?: FetchLike;
  timeoutMs?: number;
};

/** Typed calls to the automation service; every body is checked against the contracts both ways. */
export class AutomationClient implements AutomationApi {
  readonly #baseUrl: string;
  readonly #getAccessToken: () => Promise<string | null>;
  readonly #refreshAccessToken: (() => Promise<string | null>) | undefined;
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;

  constructor(options: AutomationClientOptions) {
    this.#baseUrl = options.automationBaseUrl.replace(/\/+$/, '');
    this.#getAccessToken = options.getAccessToken;
    this.#refreshAccessToken = options.refreshAccessToken;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  claim(request: ClaimActivitiesRequest, signal?: AbortSignal): Promise<ClaimActivitiesResponse> {
    const body = claimActivitiesRequestSchema.parse(request);
    return this.#post(automationActivitiesPaths.claim, body, claimActivitiesResponseSchema, signal);
  }

  reportMany(request: ReportActivitiesRequest): Promise<ReportActivitiesResponse> {
    const body = reportActivitiesRequestSchema.parse(request);
    return this.#post(automationActivitiesPaths.reports, body, reportActivitiesResponseSchema);
  }

  syncConnections(request: SyncConnectionsRequest): Promise<SyncResponse> {
    const body = syncConnectionsRequestSchema.parse(request);
    return this.#post(automationActivitiesPaths.syncConnections, body, syncResponseSchema);
  }

  syncConversations(request: SyncConversationsRequest): Promise<SyncResponse> {
    const body = syncConversationsRequestSchema.parse(request);
    return this.#post(automationActivitiesPaths.syncConversations, body, syncResponseSchema);
  }

  async #post<T extends z.ZodType>(
    path: string,
    body: unknown,
    schema: T,
    signal?: AbortSignal,
  ): Promise<z.output<T>> {
    let response = await this.#send(path, body, await this.#getAccessToken(), signal);
    if (response.status === 403 && this.#refreshAccessToken) {
      const refreshed = await this.#refreshAccessToken().catch(() => null);
      if (refreshed) response = await this.#send(path, body, refreshed, signal);
    }
    if (!response.ok) throw await errorFromResponse(response);
    return readJson(response, schema);
  }

  async #send(
    path: string,
    body: unknown,
    accessToken: string | null,
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
    };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    try {
      return await this.#fetch(`${this.#baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw errorFromFetchFailure(error);
    }
  }
}
