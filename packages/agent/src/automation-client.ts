import {
  automationEndpoints,
  type ClaimActivitiesRequest,
  type ClaimActivitiesResponse,
  claimActivitiesRequestSchema,
  type EndpointClient,
  type ReportActivitiesRequest,
  type ReportActivitiesResponse,
  type ReportInboxChangesRequest,
  type ReportInboxChangesResponse,
  reportActivitiesRequestSchema,
  reportInboxChangesRequestSchema,
  type SyncConnectionsRequest,
  type SyncConversationsRequest,
  type SyncResponse,
  syncConnectionsRequestSchema,
  syncConversationsRequestSchema,
} from '@outpilot/contracts';
import { createServerClient, type FetchLike } from './server-client.ts';

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
  /** What became of the inbox's changes the claim gave (a browser runner on LinkedIn). */
  reportInboxChanges?(request: ReportInboxChangesRequest): Promise<ReportInboxChangesResponse>;
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

/** The runner protocol over HTTP: the contracts' one client; bodies are checked before they go. */
export class AutomationClient implements AutomationApi {
  readonly #client: EndpointClient;

  constructor(options: AutomationClientOptions) {
    this.#client = createServerClient({
      baseUrls: { automation: options.automationBaseUrl },
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      token: {
        get: options.getAccessToken,
        ...(options.refreshAccessToken ? { refresh: options.refreshAccessToken } : {}),
      },
    });
  }

  claim(request: ClaimActivitiesRequest, signal?: AbortSignal): Promise<ClaimActivitiesResponse> {
    const body = claimActivitiesRequestSchema.parse(request);
    return this.#client.call(automationEndpoints.claim, { body }, signal ? { signal } : {});
  }

  reportMany(request: ReportActivitiesRequest): Promise<ReportActivitiesResponse> {
    return this.#client.call(automationEndpoints.reports, {
      body: reportActivitiesRequestSchema.parse(request),
    });
  }

  reportInboxChanges(request: ReportInboxChangesRequest): Promise<ReportInboxChangesResponse> {
    return this.#client.call(automationEndpoints.inboxChangeReports, {
      body: reportInboxChangesRequestSchema.parse(request),
    });
  }

  syncConnections(request: SyncConnectionsRequest): Promise<SyncResponse> {
    return this.#client.call(automationEndpoints.syncConnections, {
      body: syncConnectionsRequestSchema.parse(request),
    });
  }

  syncConversations(request: SyncConversationsRequest): Promise<SyncResponse> {
    return this.#client.call(automationEndpoints.syncConversations, {
      body: syncConversationsRequestSchema.parse(request),
    });
  }
}
