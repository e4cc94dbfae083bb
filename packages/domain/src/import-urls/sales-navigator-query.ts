import type { NetworkCode, PeopleSearchFilters } from './import-search.ts';
import { isRestliRecord, parseRestli, type RestliValue } from './parse-restli.ts';

type ListFilter = 'geoUrns' | 'companies' | 'industries' | 'schools';

/** Sales Navigator filter types that have a people-search counterpart; the others are left to LinkedIn. */
const listFilterByType: Record<string, ListFilter> = {
  REGION: 'geoUrns',
  CURRENT_COMPANY: 'companies',
  INDUSTRY: 'industries',
  SCHOOL: 'schools',
};
const networkCodes: readonly string[] = ['F', 'S', 'O'];

/** Company and school ids come as urn:li:organization:1441 or bare 1441. */
function readId(value: RestliValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(?:urn:li:[a-zA-Z_]+:)?(\d+)$/.exec(value.trim());
  return match?.[1];
}

function asList(value: RestliValue | undefined): readonly RestliValue[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The filters of a Sales Navigator `query=(…)` parameter. Only INCLUDED values narrow the search
 * here: an exclusion can only widen what the sandbox returns, never make it wrong for an import.
 * Returns undefined when the query is not Rest.li or an id is malformed.
 */
export function readSalesNavigatorQuery(query: string): PeopleSearchFilters | undefined {
  const parsed = parseRestli(query.trim());
  if (!isRestliRecord(parsed)) return undefined;
  const lists: Record<ListFilter, string[]> = { geoUrns: [], companies: [], industries: [], schools: [] };
  const network: NetworkCode[] = [];
  for (const filter of asList(parsed.filters)) {
    if (!isRestliRecord(filter) || typeof filter.type !== 'string') return undefined;
    for (const value of asList(filter.values)) {
      if (!isRestliRecord(value)) return undefined;
      if (value.selectionType !== undefined && value.selectionType !== 'INCLUDED') continue;
      if (filter.type === 'RELATIONSHIP') {
        // 'A' (group members) and other relationship codes have no people-search counterpart.
        if (typeof value.id === 'string' && networkCodes.includes(value.id))
          network.push(value.id as NetworkCode);
        continue;
      }
      const target = listFilterByType[filter.type];
      if (!target) continue;
      const id = readId(value.id);
      if (!id) return undefined;
      lists[target].push(id);
    }
  }
  const keywords = typeof parsed.keywords === 'string' ? parsed.keywords.trim() : '';
  const unique = (items: string[]) => [...new Set(items)];
  return {
    ...(keywords ? { keywords } : {}),
    network: [...new Set(network)],
    geoUrns: unique(lists.geoUrns),
    companies: unique(lists.companies),
    industries: unique(lists.industries),
    schools: unique(lists.schools),
  };
}
