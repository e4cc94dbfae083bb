import type { ImportUrlSource } from '@outpilot/contracts';
import type { ImportSearch, NetworkCode, PeopleSearchFilters } from '@outpilot/domain';

/**
 * How the simulated network reads a LinkedIn search link: the pages LinkedIn serves people lists
 * on (people search, event, group, Sales Navigator search and lead list) and the filters the
 * sandbox applies. Written apart from the product's parser (parseImportUrl of @outpilot/domain)
 * on purpose: a network that read links with the product's own code would serve back whatever
 * that code got wrong, and no test could see it. Answers undefined for a link it does not serve.
 */
export function readSearchUrl(text: string): ImportSearch | undefined {
  const url = linkedInUrlOf(text);
  if (!url) return undefined;
  const path = url.pathname
    .toLowerCase()
    .split('/')
    .filter((segment) => segment.length > 0);
  const query = url.searchParams;
  const route = path.join('/');

  if (route === 'search/results/people') return peopleSearchOf(query);
  if (route === 'sales/search/people') return salesNavigatorSearchOf(query);
  if (path[0] === 'events' && path.length >= 2 && path.length <= 3) {
    const eventId = eventIdOf(path[1] ?? '');
    const tab = path[2];
    if (!eventId || (tab !== undefined && !['about', 'comments', 'attendees'].includes(tab)))
      return undefined;
    return { kind: 'event_attendees', eventId, filters: noFilters() };
  }
  if (path[0] === 'groups' && path.length >= 2 && path.length <= 3) {
    const groupId = path[1] ?? '';
    if (!isDigits(groupId) || (path[2] !== undefined && path[2] !== 'members')) return undefined;
    return { kind: 'group_members', groupId };
  }
  if (path.length === 4 && route.startsWith('sales/lists/people/')) {
    const leadListId = path[3] ?? '';
    return isDigits(leadListId) ? { kind: 'sales_navigator_lead_list', leadListId } : undefined;
  }
  return undefined;
}

/** The searches the import wizard's source cards stand for; the sandbox refuses a link under another card. */
export function isSearchOfSource(search: ImportSearch, source: ImportUrlSource): boolean {
  switch (source) {
    case 'network_search':
      return search.kind === 'people_search' || search.kind === 'event_attendees';
    case 'event_attendees':
    case 'group_members':
      return search.kind === source;
    case 'sales_navigator_search':
      return search.kind.startsWith('sales_navigator_');
  }
}

const isDigits = (text: string) => /^[0-9]+$/.test(text);

function linkedInUrlOf(text: string): URL | undefined {
  const trimmed = text.trim();
  // A link pasted without its scheme (www.linkedin.com/groups/1/) opens on LinkedIn all the same.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!URL.canParse(withScheme)) return undefined;
  const url = new URL(withScheme);
  const isWeb = url.protocol === 'https:' || url.protocol === 'http:';
  const isPlain = url.username === '' && url.password === '' && url.port === '';
  // linkedin.com, www.linkedin.com and the two-letter country hosts (de.linkedin.com).
  const hostParts = url.hostname.split('.');
  const isLinkedIn =
    url.hostname === 'linkedin.com' ||
    (hostParts.length === 3 &&
      hostParts.slice(1).join('.') === 'linkedin.com' &&
      (hostParts[0] === 'www' || /^[a-z]{2}$/.test(hostParts[0] ?? '')));
  return isWeb && isPlain && isLinkedIn ? url : undefined;
}

/** An event page's id: /events/7123…/ or the title-prefixed /events/aisummit7123…/ (ids are 19 digits). */
function eventIdOf(segment: string): string | undefined {
  if (isDigits(segment)) return segment;
  const tail = segment.slice(-19);
  return segment.length > 19 && isDigits(tail) && /^[a-z0-9-]*$/.test(segment) ? tail : undefined;
}

const noFilters = (): PeopleSearchFilters => ({
  network: [],
  geoUrns: [],
  companies: [],
  industries: [],
  schools: [],
});

/** One list parameter: LinkedIn's JSON form (["F","S"]) or the comma form of older links (F,S). */
function listValues(raw: string): string[] | undefined {
  const text = raw.trim();
  if (!text.startsWith('[')) {
    return text
      .split(',')
      .map((item) => item.trim())
      .map((item) =>
        item.length >= 2 && item.startsWith('"') && item.endsWith('"') ? item.slice(1, -1) : item,
      )
      .filter((item) => item.length > 0);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const values = parsed.map((item) =>
    typeof item === 'string' ? item.trim() : Number.isInteger(item) ? String(item) : undefined,
  );
  if (values.some((value) => value === undefined)) return undefined;
  return (values as string[]).filter((value) => value.length > 0);
}

/** Every value of a filter, under its name and its older facet* name, once each. */
function filterValues(query: URLSearchParams, names: readonly string[]): string[] | undefined {
  const values = new Set<string>();
  for (const name of names) {
    for (const raw of query.getAll(name)) {
      const list = listValues(raw);
      if (!list) return undefined;
      for (const value of list) values.add(value);
    }
  }
  return [...values];
}

function peopleFiltersOf(query: URLSearchParams): PeopleSearchFilters | undefined {
  const network = filterValues(query, ['network', 'facetNetwork'])?.map((code) => code.toUpperCase());
  const ids = {
    geoUrns: filterValues(query, ['geoUrn', 'facetGeoUrn']),
    companies: filterValues(query, ['currentCompany', 'facetCurrentCompany']),
    industries: filterValues(query, ['industry', 'facetIndustry']),
    schools: filterValues(query, ['schoolFilter', 'facetSchool']),
  };
  if (!network?.every((code) => code === 'F' || code === 'S' || code === 'O')) return undefined;
  const { geoUrns, companies, industries, schools } = ids;
  if (!geoUrns || !companies || !industries || !schools) return undefined;
  if (![geoUrns, companies, industries, schools].flat().every(isDigits)) return undefined;
  const keywords = query.get('keywords')?.trim();
  return {
    ...(keywords ? { keywords } : {}),
    network: network as NetworkCode[],
    geoUrns,
    companies,
    industries,
    schools,
  };
}

function peopleSearchOf(query: URLSearchParams): ImportSearch | undefined {
  const filters = peopleFiltersOf(query);
  if (!filters) return undefined;
  if (!query.has('eventAttending')) return { kind: 'people_search', filters };
  // The event page's "see attendees" search names exactly one event.
  const events = filterValues(query, ['eventAttending']);
  if (events?.length !== 1 || !isDigits(events[0] ?? '')) return undefined;
  return { kind: 'event_attendees', eventId: events[0] ?? '', filters };
}

function salesNavigatorSearchOf(query: URLSearchParams): ImportSearch | undefined {
  const savedSearchId = query.get('savedSearchId');
  if (savedSearchId !== null) {
    return isDigits(savedSearchId) ? { kind: 'sales_navigator_saved_search', savedSearchId } : undefined;
  }
  const restli = query.get('query');
  if (restli !== null) {
    const filters = salesNavigatorFiltersOf(restli);
    return filters ? { kind: 'sales_navigator_search', filters } : undefined;
  }
  const recentSearchId = query.get('recentSearchId');
  if (recentSearchId !== null) {
    return isDigits(recentSearchId) ? { kind: 'sales_navigator_recent_search', recentSearchId } : undefined;
  }
  // Before the query= notation, Sales Navigator links carried plain keywords. Written in the order
  // query=(keywords:…) reads to: the search's JSON keys its order, and both links are one search.
  const keywords = query.get('keywords')?.trim();
  return keywords ? { kind: 'sales_navigator_search', filters: { keywords, ...noFilters() } } : undefined;
}

/** Rest.li 2.0 as Sales Navigator writes its query: records (a:b,c:d), lists List(x,y), percent-encoded leaves. */
type Restli = string | Restli[] | { [key: string]: Restli };

function parseRestliText(text: string): Restli | undefined {
  // Tokens: the four delimiters, the list opener, and leaves (anything up to the next delimiter).
  const tokens = text.match(/List\(|[(),:]|[^(),:]+/g) ?? [];
  let at = 0;
  const leaf = (raw: string): string => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };
  const value = (depth: number): Restli | undefined => {
    if (depth > 20) return undefined;
    const token = tokens[at];
    if (token === 'List(' || token === '(') {
      at += 1;
      const isList = token === 'List(';
      const items: Restli[] = [];
      const record: Record<string, Restli> = {};
      if (tokens[at] === ')') {
        at += 1;
        return isList ? items : record;
      }
      for (;;) {
        if (isList) {
          const item = value(depth + 1);
          if (item === undefined) return undefined;
          items.push(item);
        } else {
          const key = tokens[at];
          if (key === undefined || '(),:'.includes(key) || key === 'List(' || tokens[at + 1] !== ':')
            return undefined;
          at += 2;
          const item = value(depth + 1);
          if (item === undefined) return undefined;
          record[leaf(key)] = item;
        }
        const separator = tokens[at];
        at += 1;
        if (separator === ')') return isList ? items : record;
        if (separator !== ',') return undefined;
      }
    }
    // An empty leaf (a:,b:) is the empty string, as in Rest.li.
    if (token === undefined || token === ')' || token === ',') return '';
    if (token === ':') return undefined;
    at += 1;
    return leaf(token);
  };
  const parsed = value(0);
  return parsed !== undefined && at === tokens.length ? parsed : undefined;
}

const isRecord = (value: Restli | undefined): value is { [key: string]: Restli } =>
  typeof value === 'object' && !Array.isArray(value);
const listOf = (value: Restli | undefined): Restli[] => (Array.isArray(value) ? value : []);

/** Sales Navigator filter types the sandbox applies, as people-search filters; the others it ignores. */
const salesNavigatorLists = {
  REGION: 'geoUrns',
  CURRENT_COMPANY: 'companies',
  INDUSTRY: 'industries',
  SCHOOL: 'schools',
} as const;

/** The INCLUDED values of a Sales Navigator query (an exclusion only widens what comes back). */
function salesNavigatorFiltersOf(restli: string): PeopleSearchFilters | undefined {
  const parsed = parseRestliText(restli.trim());
  if (!isRecord(parsed)) return undefined;
  const network = new Set<NetworkCode>();
  const lists = {
    geoUrns: new Set<string>(),
    companies: new Set<string>(),
    industries: new Set<string>(),
    schools: new Set<string>(),
  };
  for (const filter of listOf(parsed.filters)) {
    if (!isRecord(filter) || typeof filter.type !== 'string') return undefined;
    const type = filter.type;
    for (const entry of listOf(filter.values)) {
      if (!isRecord(entry)) return undefined;
      if (entry.selectionType !== undefined && entry.selectionType !== 'INCLUDED') continue;
      if (type === 'RELATIONSHIP') {
        if (entry.id === 'F' || entry.id === 'S' || entry.id === 'O') network.add(entry.id);
        continue;
      }
      if (!(type in salesNavigatorLists)) continue;
      // Ids come bare (1441) or as urns (urn:li:organization:1441).
      const id = typeof entry.id === 'string' ? entry.id.trim().split(':').at(-1) : undefined;
      const isUrnOrBare =
        typeof entry.id === 'string' && /^(urn:li:[a-zA-Z_]+:)?[0-9]+$/.test(entry.id.trim());
      if (!id || !isUrnOrBare) return undefined;
      lists[salesNavigatorLists[type as keyof typeof salesNavigatorLists]].add(id);
    }
  }
  const keywords = typeof parsed.keywords === 'string' ? parsed.keywords.trim() : '';
  return {
    ...(keywords ? { keywords } : {}),
    network: [...network],
    geoUrns: [...lists.geoUrns],
    companies: [...lists.companies],
    industries: [...lists.industries],
    schools: [...lists.schools],
  };
}
