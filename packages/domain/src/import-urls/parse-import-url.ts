import { type ImportUrlSource, invalidImportUrlMessage } from '@outpilot/contracts';
import type {
  ImportSearch,
  NetworkCode,
  ParseImportUrlResult,
  PeopleSearchFilters,
} from './import-search.ts';
import { readListParam } from './read-list-param.ts';
import { readSalesNavigatorQuery } from './sales-navigator-query.ts';

export type {
  ImportSearch,
  NetworkCode,
  ParseImportUrlResult,
  PeopleSearchFilters,
} from './import-search.ts';

/** Which searches each source card of the import wizard takes (seed 002 §2.4, §5). */
const kindsBySource: Record<ImportUrlSource, readonly ImportSearch['kind'][]> = {
  // A people search narrowed to an event is still a people search URL: the basic card takes it too.
  network_search: ['people_search', 'event_attendees'],
  event_attendees: ['event_attendees'],
  group_members: ['group_members'],
  sales_navigator_search: [
    'sales_navigator_search',
    'sales_navigator_recent_search',
    'sales_navigator_saved_search',
    'sales_navigator_lead_list',
  ],
};

/** linkedin.com, www.linkedin.com and the country hosts (uk.linkedin.com) LinkedIn also serves pages on. */
const linkedInHost = /^(?:www\.|[a-z]{2}\.)?linkedin\.com$/;
const numericId = /^\d+$/;
const maxUrlLength = 4000;

/** Filter parameters of /search/results/people/, with the facet* names of older links. */
const listParams = {
  network: ['network', 'facetNetwork'],
  geoUrns: ['geoUrn', 'facetGeoUrn'],
  companies: ['currentCompany', 'facetCurrentCompany'],
  industries: ['industry', 'facetIndustry'],
  schools: ['schoolFilter', 'facetSchool'],
} as const;

function toLinkedInUrl(input: string): URL | undefined {
  let text = input.trim();
  if (text === '' || text.length > maxUrlLength) return undefined;
  // People paste links without the scheme (www.linkedin.com/groups/…); LinkedIn itself redirects http to https.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.port) return undefined;
  return linkedInHost.test(url.hostname) ? url : undefined;
}

function readList(params: URLSearchParams, names: readonly string[]): string[] | undefined {
  const items: string[] = [];
  for (const name of names) {
    for (const value of params.getAll(name)) {
      const list = readListParam(value);
      if (!list) return undefined;
      items.push(...list);
    }
  }
  return [...new Set(items)];
}

function readPeopleFilters(params: URLSearchParams): PeopleSearchFilters | undefined {
  const network = readList(params, listParams.network)?.map((code) => code.toUpperCase());
  const geoUrns = readList(params, listParams.geoUrns);
  const companies = readList(params, listParams.companies);
  const industries = readList(params, listParams.industries);
  const schools = readList(params, listParams.schools);
  if (!network || !geoUrns || !companies || !industries || !schools) return undefined;
  if (!network.every((code): code is NetworkCode => code === 'F' || code === 'S' || code === 'O')) {
    return undefined;
  }
  if (![geoUrns, companies, industries, schools].every((ids) => ids.every((id) => numericId.test(id)))) {
    return undefined;
  }
  const keywords = params.get('keywords')?.trim();
  return { ...(keywords ? { keywords } : {}), network, geoUrns, companies, industries, schools };
}

function readPeopleSearch(params: URLSearchParams): ImportSearch | undefined {
  const filters = readPeopleFilters(params);
  if (!filters) return undefined;
  if (!params.has('eventAttending')) return { kind: 'people_search', filters };
  const events = readList(params, ['eventAttending']);
  // The event page's canned search names exactly one event.
  const [eventId, ...others] = events ?? [];
  if (!eventId || others.length > 0 || !numericId.test(eventId)) return undefined;
  return { kind: 'event_attendees', eventId, filters };
}

/**
 * An event page: /events/7123456789/ or, with the title LinkedIn prepends, /events/aisummit7123456789012345678/
 * (event ids are 19 digits, so a title ending in digits such as "summit2024" does not leak into the id).
 */
function readEventId(segment: string): string | undefined {
  if (numericId.test(segment)) return segment;
  const match = /^[a-z0-9-]*?(\d{19})$/.exec(segment);
  return match?.[1];
}

const eventSubpages: readonly string[] = ['about', 'comments', 'attendees'];
const emptyFilters: PeopleSearchFilters = {
  network: [],
  geoUrns: [],
  companies: [],
  industries: [],
  schools: [],
};

function readSalesNavigatorSearch(params: URLSearchParams): ImportSearch | undefined {
  const savedSearchId = params.get('savedSearchId');
  if (savedSearchId !== null) {
    return numericId.test(savedSearchId)
      ? { kind: 'sales_navigator_saved_search', savedSearchId }
      : undefined;
  }
  const query = params.get('query');
  if (query !== null) {
    const filters = readSalesNavigatorQuery(query);
    return filters ? { kind: 'sales_navigator_search', filters } : undefined;
  }
  const recentSearchId = params.get('recentSearchId');
  if (recentSearchId !== null) {
    return numericId.test(recentSearchId)
      ? { kind: 'sales_navigator_recent_search', recentSearchId }
      : undefined;
  }
  // Links from before the query= notation carried plain keywords.
  const keywords = params.get('keywords')?.trim();
  return keywords ? { kind: 'sales_navigator_search', filters: { ...emptyFilters, keywords } } : undefined;
}

/** What a LinkedIn URL searches for, whatever the source card; undefined when it is no import URL. */
export function readImportSearch(input: string): ImportSearch | undefined {
  const url = toLinkedInUrl(input);
  if (!url) return undefined;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const path = segments.map((segment) => segment.toLowerCase());
  const [first, second, third, fourth, ...rest] = path;
  const params = url.searchParams;

  if (first === 'search' && second === 'results' && third === 'people' && fourth === undefined) {
    return readPeopleSearch(params);
  }
  if (first === 'events' && second !== undefined && fourth === undefined) {
    const eventId = readEventId(second);
    if (!eventId || (third !== undefined && !eventSubpages.includes(third))) return undefined;
    return { kind: 'event_attendees', eventId, filters: emptyFilters };
  }
  if (first === 'groups' && second !== undefined && numericId.test(second) && fourth === undefined) {
    return third === undefined || third === 'members'
      ? { kind: 'group_members', groupId: second }
      : undefined;
  }
  if (first === 'sales' && second === 'search' && third === 'people' && fourth === undefined) {
    return readSalesNavigatorSearch(params);
  }
  if (first === 'sales' && second === 'lists' && third === 'people' && rest.length === 0) {
    return fourth !== undefined && numericId.test(fourth)
      ? { kind: 'sales_navigator_lead_list', leadListId: fourth }
      : undefined;
  }
  return undefined;
}

/**
 * Validates the URL pasted for one source of the import wizard (seed 002 §5) and says what it
 * searches. Shared by the agent (the wizard's check) and the sandbox (serving the search), so
 * both accept exactly the same links.
 */
export function parseImportUrl(source: ImportUrlSource, url: string): ParseImportUrlResult {
  const search = readImportSearch(url);
  if (!search || !kindsBySource[source].includes(search.kind)) {
    return { ok: false, message: invalidImportUrlMessage };
  }
  return { ok: true, search };
}

/** The source card a search belongs to, for callers that got a URL without one. */
export function importUrlSourceOf(search: ImportSearch): ImportUrlSource {
  if (search.kind === 'people_search') return 'network_search';
  if (search.kind === 'event_attendees' || search.kind === 'group_members') return search.kind;
  return 'sales_navigator_search';
}
