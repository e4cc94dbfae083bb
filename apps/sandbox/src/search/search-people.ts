import {
  basicSearchReachableLimit,
  type ConnectionDegree,
  type ImportSearchKind,
  invalidImportUrlMessage,
  type SandboxSearchQuery,
  type SandboxSearchResponse,
  type SearchHit,
  salesNavigatorReachableLimit,
} from '@outpilot/contracts';
import type { ImportSearch } from '@outpilot/domain';
import { SandboxError } from '../http/sandbox-error.ts';
import type { Population } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';
import { hashUnit } from '../population/prng.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import type { FaultInjector } from './fault-injector.ts';
import { createSearchIndex, matchPeople, type SearchMatches } from './match-people.ts';
import { isSearchOfSource, readSearchUrl } from './read-search-url.ts';

export type PeopleSearch = {
  /** One page of the search behind a LinkedIn URL, as `member` sees it; throws SandboxError refusals. */
  searchPeople(member: Person, query: SandboxSearchQuery): SandboxSearchResponse;
  /** The same for a search already read (the LinkedIn facade rebuilds it from the request). */
  searchFor(
    member: Person,
    search: ImportSearch,
    page: { start: number; count: number },
  ): SandboxSearchResponse;
};

/** Out-of-network members shown as "LinkedIn Member" with no slug (network-api.md §4, TQ#488). */
const headlessOutOfNetworkShare = 0.3;
const cachedSearches = 64;
const salesNavigatorMessage =
  "This import requires active Sales Navigator subscription, looks like you don't have it.";

function isSalesNavigator(kind: ImportSearchKind): boolean {
  return kind.startsWith('sales_navigator');
}

function readSearch(query: SandboxSearchQuery): ImportSearch {
  const search = readSearchUrl(query.url);
  if (!search || (query.source && !isSearchOfSource(search, query.source)))
    throw new SandboxError('UnprocessableEntity', invalidImportUrlMessage);
  return search;
}

export function createPeopleSearch(options: {
  population: Population;
  basePath: string;
  faults: FaultInjector;
}): PeopleSearch {
  const { population, basePath, faults } = options;
  const index = createSearchIndex(population);
  // A few recent (viewer, search) results: an import pages through one search many times in a row.
  const cache = new Map<string, SearchMatches>();

  const matchesFor = (member: Person, search: ImportSearch): SearchMatches => {
    const key = `${member.index}:${JSON.stringify(search)}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const matches = matchPeople(population, index, member.index, search);
    cache.set(key, matches);
    if (cache.size > cachedSearches) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return matches;
  };

  const toHit = (member: Person, person: Person, degree: ConnectionDegree): SearchHit => {
    const headless =
      degree === 'OUT_OF_NETWORK' &&
      hashUnit(`${population.seed}:headless:${member.index}:${person.index}`) < headlessOutOfNetworkShare;
    if (!person.isVisible || headless) {
      const { city, region, country } = person.location;
      return {
        invisible: true,
        name: 'LinkedIn Member',
        publicIdentifier: null,
        headline: person.headline,
        location: `${city}, ${region}, ${country}`,
        degree,
      };
    }
    return { ...toNetworkProfile(person, degree, basePath), invisible: false };
  };

  const searchFor: PeopleSearch['searchFor'] = (member, search, query) => {
    if (isSalesNavigator(search.kind) && !member.hasSalesNavigator) {
      throw new SandboxError('SalesNavigatorNotAuthorized', salesNavigatorMessage);
    }
    const { indices, degrees } = matchesFor(member, search);
    // Like LinkedIn's search, a link that finds nobody is an empty first page (network-api.md §2.2).
    if (indices.length === 0) throw new SandboxError('EmptySearchPage', 'This search has no results');
    const limit = isSalesNavigator(search.kind) ? salesNavigatorReachableLimit : basicSearchReachableLimit;
    const reachable = Math.min(indices.length, limit);
    const end = Math.min(query.start + query.count, reachable);
    const elements: SearchHit[] = [];
    for (let position = query.start; position < end; position += 1) {
      const person = population.people[indices[position] ?? -1];
      if (person) elements.push(toHit(member, person, degrees[person.index] ?? 'OUT_OF_NETWORK'));
    }
    return {
      kind: search.kind,
      total: indices.length,
      reachable,
      start: query.start,
      count: query.count,
      elements,
    };
  };

  return {
    searchPeople(member, query) {
      faults.maybeFail('search');
      return searchFor(member, readSearch(query), query);
    },
    searchFor(member, search, page) {
      faults.maybeFail('search');
      return searchFor(member, search, page);
    },
  };
}
