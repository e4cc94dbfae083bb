import type { ConnectionDegree } from '@outpilot/contracts';
import type { ImportSearch, PeopleSearchFilters } from '@outpilot/domain';
import { type Community, isInCommunity, unknownCommunityShare } from '../population/communities.ts';
import type { Population } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';
import { hashUnit } from '../population/prng.ts';
import { normalizeText, parseKeywordQuery } from './keyword-query.ts';

/** The members a search finds, in the order it shows them, with each one's degree from the viewer. */
export type SearchMatches = { indices: readonly number[]; degrees: readonly ConnectionDegree[] };

const degreesByNetworkCode = { F: ['FIRST'], S: ['SECOND'], O: ['THIRD', 'OUT_OF_NETWORK'] } as const;
// LinkedIn ranks closer members first; within a degree the order is the search's own shuffle.
const degreeRank: Record<ConnectionDegree, number> = {
  SELF: 0,
  FIRST: 0,
  SECOND: 1,
  THIRD: 2,
  OUT_OF_NETWORK: 3,
};

/** Share ranges for ids the seed does not know (network-api.md §4: each source is a stable subset). */
const unknownShares = {
  group: [0.01, 0.2],
  event: [0.005, 0.08],
  leadList: [0.003, 0.05],
  savedSearch: [0.02, 0.4],
} as const;

type Predicate = (person: Person, degree: ConnectionDegree) => boolean;

export type SearchIndex = { textOf(person: Person): string };

/** Normalised searchable text per member, built on first use and kept: keywords are matched on every search. */
export function createSearchIndex(population: Population): SearchIndex {
  const texts: (string | undefined)[] = new Array(population.size);
  return {
    textOf(person) {
      let text = texts[person.index];
      if (text === undefined) {
        const { city, region, country } = person.location;
        text = normalizeText(
          [
            person.firstName,
            person.lastName,
            person.headline,
            person.industry,
            person.school,
            city,
            region,
            country,
            ...person.skills,
          ].join(' | '),
        );
        texts[person.index] = text;
      }
      return text;
    },
  };
}

function filtersPredicate(filters: PeopleSearchFilters, index: SearchIndex): Predicate {
  const checks: Predicate[] = [];
  if (filters.network.length > 0) {
    const wanted = new Set<ConnectionDegree>(filters.network.flatMap((code) => degreesByNetworkCode[code]));
    checks.push((_person, degree) => wanted.has(degree));
  }
  const anyOf = (ids: readonly string[], read: (person: Person) => readonly string[]) => {
    if (ids.length === 0) return;
    const wanted = new Set(ids);
    checks.push((person) => read(person).some((id) => wanted.has(id)));
  };
  anyOf(filters.geoUrns, (person) => person.geoUrns);
  anyOf(filters.companies, (person) => [person.companyId]);
  anyOf(filters.industries, (person) => [person.industryId]);
  anyOf(filters.schools, (person) => [person.schoolId]);
  if (filters.keywords) {
    const matches = parseKeywordQuery(filters.keywords);
    checks.push((person) => matches(index.textOf(person)));
  }
  return (person, degree) => checks.every((check) => check(person, degree));
}

function communityPredicate(
  population: Population,
  kind: keyof typeof unknownShares,
  id: string,
  known: readonly Community[],
): Predicate {
  const key = `${kind}:${id}`;
  const community = known.find((candidate) => candidate.id === id);
  const [min, max] = unknownShares[kind];
  const share = community?.share ?? unknownCommunityShare(population.seed, key, min, max);
  return (person) => isInCommunity(population.seed, key, share, person.index);
}

function predicateFor(search: ImportSearch, population: Population, index: SearchIndex): Predicate {
  const { groups, events } = population.communities;
  switch (search.kind) {
    case 'people_search':
    case 'sales_navigator_search':
      return filtersPredicate(search.filters, index);
    case 'event_attendees': {
      const attends = communityPredicate(population, 'event', search.eventId, events);
      const filtered = filtersPredicate(search.filters, index);
      return (person, degree) => attends(person, degree) && filtered(person, degree);
    }
    case 'group_members':
      return communityPredicate(population, 'group', search.groupId, groups);
    case 'sales_navigator_lead_list':
      return communityPredicate(population, 'leadList', search.leadListId, []);
    case 'sales_navigator_recent_search':
      return communityPredicate(population, 'savedSearch', `recent:${search.recentSearchId}`, []);
    case 'sales_navigator_saved_search':
      return communityPredicate(population, 'savedSearch', search.savedSearchId, []);
  }
}

/**
 * Every member the search finds as seen by `viewerIndex` (never the viewer), ranked by degree
 * and then by a shuffle keyed on the search itself, so paging is stable across calls.
 */
export function matchPeople(
  population: Population,
  index: SearchIndex,
  viewerIndex: number,
  search: ImportSearch,
): SearchMatches {
  const degrees = population.graph.degreesFrom(viewerIndex);
  const accepts = predicateFor(search, population, index);
  const searchKey = JSON.stringify(search);
  const ranked: { index: number; rank: number; shuffle: number }[] = [];
  for (const person of population.people) {
    const degree = degrees[person.index] ?? 'OUT_OF_NETWORK';
    if (degree === 'SELF' || !accepts(person, degree)) continue;
    ranked.push({
      index: person.index,
      rank: degreeRank[degree],
      shuffle: hashUnit(`${population.seed}:order:${searchKey}:${person.index}`),
    });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.shuffle - b.shuffle || a.index - b.index);
  return { indices: ranked.map(({ index: at }) => at), degrees };
}
