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
  /** The member at a search position; repeats model paging that is not stable (network-api.md §4). */
  memberAt?: (position: number) => number;
  /** The most a search page holds whatever was asked (LinkedIn serves 10 per basic search page). */
  pageSizeMax?: number;
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
      const end = Math.min(
        page.start + Math.min(page.count, options.pageSizeMax ?? page.count),
        options.size,
      );
      for (let position = page.start; position < end; position += 1) {
        const index = options.memberAt?.(position) ?? position;
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
  | { method: 'updateImportState'; accessToken: string; importId: string; state: string }
  | { method: 'getImport'; accessToken: string; importId: string };

const keyOf = (profile: ImportProfile) =>
  profile.linkedin_public_identifier ?? profile.linkedin_entity_id ?? '';

/**
 * An in-memory main API for the import calls, answering like the server: bodies validated with the
 * contracts, uploaded = profiles new to the list, skipped = those already in it, finished lists
 * refusing uploads and state changes.
 */
export function createFakeImportsApi(options: { before?: (call: FakeApiCall) => void } = {}) {
  const lists = new Map<string, FakeImportList>();
  /** Lists answered as not found, as another workspace's lists are. */
  const hidden = new Set<string>();
  const listOfRun = new Map<string, string>();
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
    async getImport(accessToken, importId) {
      record({ method: 'getImport', accessToken, importId });
      const list = lists.get(importId);
      if (!list || hidden.has(importId)) return null;
      const { profiles: _profiles, error: _error, ...document } = list;
      return document;
    },
    async createImport(accessToken, request) {
      record({ method: 'createImport', accessToken });
      const body = createImportRequestSchema.parse(request);
      // As the server: one list per agent run.
      const opened = body.run_id === undefined ? undefined : listOfRun.get(body.run_id);
      if (opened) {
        const { profiles: _profiles, error: _error, ...document } = find(opened);
        return document;
      }
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
      if (body.run_id !== undefined) listOfRun.set(body.run_id, list.id);
      return list;
    },
    async uploadImportProfiles(accessToken, importId, profiles) {
      const body = uploadImportProfilesRequestSchema.parse({ profiles });
      record({ method: 'uploadImportProfiles', accessToken, importId, count: body.profiles.length });
      const list = find(importId);
      if (list.state !== 'running') {
        throw new AgentError('UnprocessableEntity', 'This import is already finished', { status: 422 });
      }
      const inList = new Set(list.profiles.map(keyOf));
      let uploaded = 0;
      for (const profile of body.profiles) {
        if (inList.has(keyOf(profile))) continue;
        inList.add(keyOf(profile));
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
      if (list.state !== 'running') {
        throw new AgentError('UnprocessableEntity', 'This import is already finished', { status: 422 });
      }
      list.state = body.state;
      if (body.processed !== undefined) list.processed = body.processed;
      if (body.error) list.error = { name: body.error.name };
      return list;
    },
  };
  return { api, lists, calls, hidden };
}
