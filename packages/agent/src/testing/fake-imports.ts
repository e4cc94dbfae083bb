import {
  createImportRequestSchema,
  type ImportList,
  type ImportProfile,
  type NetworkProfile,
  updateImportStateRequestSchema,
  uploadImportProfilesRequestSchema,
} from '@outpilot/contracts';
import { AgentError } from '../errors.ts';
import type { ImportsApi } from '../import-runner/import-runner.ts';
import type {
  AgentNetworkClient,
  CallOptions,
  PeopleSearch,
  PeopleSearchElement,
  PeopleSearchPageRequest,
} from '../network/network-client.ts';

/** A member of the fake network; index 0 is 'member-0000'. */
export function fakeProfile(index: number): NetworkProfile {
  const id = String(index).padStart(4, '0');
  return {
    entityId: `ACoAA${id}`,
    publicIdentifier: `member-${id}`,
    firstName: 'Member',
    lastName: id,
    headline: `Engineer ${id}`,
    picture: null,
    location: 'Berlin, Berlin, Germany',
    company: 'Acme',
    degree: index % 3 === 0 ? 'FIRST' : 'SECOND',
    isPremium: false,
    hasSalesNavigator: false,
  };
}

export type FakeCall =
  | { method: 'searchPeople'; search: PeopleSearch; page: PeopleSearchPageRequest }
  | { method: 'getProfile'; publicIdentifier: string };

export type FakeNetworkOptions = {
  /** Members every search finds; 0 makes every search an EmptySearchPage. */
  size: number;
  /** Members shown as "LinkedIn Member". */
  isInvisible?: (index: number) => boolean;
  hasSalesNavigator?: boolean;
  /** Runs before each call answers; may throw to fail it (or stop the runner). */
  before?: (call: FakeCall) => void;
};

/** An in-memory network: a search of `size` members and their profiles. */
export function createFakeNetwork(options: FakeNetworkOptions) {
  const calls: FakeCall[] = [];
  const isInvisible = options.isInvisible ?? (() => false);
  const run = (call: FakeCall, callOptions?: CallOptions) => {
    calls.push(call);
    options.before?.(call);
    // Like fetch: a call whose signal aborted never answers.
    if (callOptions?.signal?.aborted) throw new AgentError('BadGateway', 'Aborted');
  };
  const client: AgentNetworkClient = {
    getMyProfile: async () => fakeProfile(9999),
    async getProfile(publicIdentifier, callOptions) {
      run({ method: 'getProfile', publicIdentifier }, callOptions);
      const index = Number(/^member-(\d{4})$/.exec(publicIdentifier)?.[1] ?? Number.NaN);
      if (!(index < options.size) || isInvisible(index)) {
        throw new AgentError('NotFound', 'This member does not exist', { status: 404 });
      }
      return fakeProfile(index);
    },
    async searchPeople(search, page, callOptions) {
      run({ method: 'searchPeople', search, page }, callOptions);
      if (search.source === 'sales_navigator_search' && !options.hasSalesNavigator) {
        throw new AgentError(
          'SalesNavigatorNotAuthorized',
          "This import requires active Sales Navigator subscription, looks like you don't have it.",
          { status: 403 },
        );
      }
      if (options.size === 0) throw new AgentError('EmptySearchPage', 'This search has no results');
      const elements: PeopleSearchElement[] = [];
      for (let index = page.start; index < Math.min(page.start + page.count, options.size); index += 1) {
        elements.push(
          isInvisible(index) ? { invisible: true } : { invisible: false, profile: fakeProfile(index) },
        );
      }
      return { total: options.size, reachable: options.size, elements };
    },
  };
  return { client, calls };
}

export type FakeImportList = ImportList & { profiles: ImportProfile[]; error?: { name: string } };
export type FakeApiCall =
  | { method: 'createImport'; accessToken: string }
  | { method: 'uploadImportProfiles'; accessToken: string; importId: string; count: number }
  | { method: 'updateImportState'; accessToken: string; importId: string; state: string };

/**
 * An in-memory main API for the import calls: validates bodies with the contracts like the server
 * and skips profiles the workspace already holds.
 */
export function createFakeImportsApi(options: { before?: (call: FakeApiCall) => void } = {}) {
  const lists = new Map<string, FakeImportList>();
  const known = new Set<string>();
  const calls: FakeApiCall[] = [];
  let sequence = 0;
  const record = (call: FakeApiCall) => {
    calls.push(call);
    options.before?.(call);
  };
  const find = (importId: string) => {
    const list = lists.get(importId);
    if (!list) throw new AgentError('NotFound', 'Not found', { status: 404 });
    return list;
  };
  const api: ImportsApi = {
    async createImport(accessToken, request) {
      record({ method: 'createImport', accessToken });
      const body = createImportRequestSchema.parse(request);
      sequence += 1;
      const list: FakeImportList = {
        id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
        name: body.name,
        source_uri: body.source_uri,
        source_type: body.source_type,
        created: '2026-01-05T08:00:00.000Z',
        state: 'running',
        processed: 0,
        total: body.total,
        uploaded_count: 0,
        skipped_count: 0,
        profiles: [],
      };
      lists.set(list.id, list);
      return list;
    },
    async uploadImportProfiles(accessToken, importId, profiles) {
      const body = uploadImportProfilesRequestSchema.parse({ profiles });
      record({ method: 'uploadImportProfiles', accessToken, importId, count: body.profiles.length });
      const list = find(importId);
      let uploaded = 0;
      for (const profile of body.profiles) {
        const key = profile.linkedin_public_identifier ?? profile.linkedin_entity_id ?? '';
        if (known.has(key)) continue;
        known.add(key);
        list.profiles.push(profile);
        uploaded += 1;
      }
      list.uploaded_count += uploaded;
      list.skipped_count += body.profiles.length - uploaded;
      return { uploaded, skipped: body.profiles.length - uploaded };
    },
    async updateImportState(accessToken, importId, request) {
      const body = updateImportStateRequestSchema.parse(request);
      record({ method: 'updateImportState', accessToken, importId, state: body.state });
      const list = find(importId);
      list.state = body.state;
      if (body.processed !== undefined) list.processed = body.processed;
      if (body.error) list.error = { name: body.error.name };
      return list;
    },
  };
  return { api, lists, calls };
}
