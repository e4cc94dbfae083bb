import { type Communities, createCommunities, isInCommunity } from './communities.ts';
import { buildConnectionGraph, type ConnectionGraph } from './connection-graph.ts';
import type { Person } from './person.ts';
import { randomFor } from './prng.ts';
import { cityGeoUrnOf, companyIdOf, countryGeoUrnOf, industryIdOf, schoolIdOf } from './search-facets.ts';
import {
  companies,
  firstNames,
  industries,
  jobTitles,
  lastNames,
  locations,
  schools,
  skills as skillList,
} from './word-lists.ts';

export type PopulationOptions = { seed: number; size: number };

export type Population = {
  seed: number;
  size: number;
  people: readonly Person[];
  graph: ConnectionGraph;
  /** The seeded groups and events, for search and for building demo URLs. */
  communities: Communities;
  findByPublicIdentifier(publicIdentifier: string): Person | undefined;
  findByEntityId(entityId: string): Person | undefined;
};

export const defaultPopulationSize = 3000;
const maxPopulationSize = 200_000;

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const timezoneByCountry: Record<string, number> = {
  'United States': -300,
  'United Kingdom': 0,
  Germany: 60,
  France: 60,
  India: 330,
  Canada: -300,
  Japan: 540,
  'South Korea': 540,
  Australia: 600,
  Singapore: 480,
  Brazil: -180,
  Mexico: -360,
  Nigeria: 60,
  'South Africa': 120,
  'United Arab Emirates': 240,
};

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function createPerson(seed: number, index: number, taken: Set<string>, communities: Communities): Person {
  const random = randomFor(seed, `person:${index}`);
  const firstName = random.pick(firstNames);
  const lastName = random.pick(lastNames);
  const title = random.pick(jobTitles);
  const company = random.pick(companies);
  const [city = '', region = '', country = ''] = random.pick(locations).split(', ');

  // 22 base62 characters after ACoAA, like the real dash profile ids; the index suffix keeps them unique.
  let entityId = 'ACoAA';
  for (let i = 0; i < 18; i += 1) entityId += base62[random.int(0, 61)];
  entityId += index.toString(36).toUpperCase().padStart(4, '0');

  let publicIdentifier = '';
  do {
    const hex = random.int(0, 0xffffff).toString(16).padStart(6, '0');
    publicIdentifier = `${slugify(firstName)}-${slugify(lastName)}-${hex}`;
  } while (taken.has(publicIdentifier));
  taken.add(publicIdentifier);

  const skillCount = random.int(3, 10);
  const personSkills = new Set<string>();
  while (personSkills.size < skillCount) personSkills.add(random.pick(skillList));

  const postCount = random.chance(0.35) ? 0 : random.int(1, 5);
  const postIds = Array.from({ length: postCount }, () => String(random.int(7_000_000_000, 7_399_999_999)));
  // Drawn in the order of the original object literal, so existing people keep their values.
  const memberId = random.int(1_000_000, 999_999_999);
  const industry = random.pick(industries);
  const school = random.pick(schools);
  // Memberships hash (seed, community, member) and draw nothing from `random`, so they never reshuffle the fields above.
  const idsOf = (kind: string, list: Communities['groups']) =>
    list.filter(({ id, share }) => isInCommunity(seed, `${kind}:${id}`, share, index)).map(({ id }) => id);

  return {
    index,
    entityId,
    publicIdentifier,
    memberId,
    firstName,
    lastName,
    title,
    company,
    headline: `${title} at ${company}`,
    industry,
    location: { city, region, country },
    school,
    geoUrns: [cityGeoUrnOf(city, country), countryGeoUrnOf(country)],
    companyId: companyIdOf(company),
    industryId: industryIdOf(industry),
    schoolId: schoolIdOf(school),
    groupIds: idsOf('group', communities.groups),
    eventIds: idsOf('event', communities.events),
    skills: [...personSkills],
    postIds,
    isPremium: random.chance(0.12),
    hasSalesNavigator: random.chance(0.3),
    isVisible: !random.chance(0.03),
    hasPicture: !random.chance(0.15),
    acceptBias: random.next(),
    replyBias: random.next(),
    timezoneOffsetMinutes: timezoneByCountry[country] ?? 0,
  };
}

/** Builds the whole simulated network from a seed; the same (seed, size) always gives the same people. */
export function createPopulation({ seed, size }: PopulationOptions): Population {
  if (!Number.isInteger(size) || size < 2 || size > maxPopulationSize) {
    throw new RangeError(`Population size must be an integer between 2 and ${maxPopulationSize}`);
  }
  const taken = new Set<string>();
  const communities = createCommunities(seed);
  const people = Array.from({ length: size }, (_, index) => createPerson(seed, index, taken, communities));
  const byPublicIdentifier = new Map(people.map((person) => [person.publicIdentifier, person]));
  const byEntityId = new Map(people.map((person) => [person.entityId, person]));
  return {
    seed,
    size,
    people,
    graph: buildConnectionGraph(seed, size),
    communities,
    findByPublicIdentifier: (publicIdentifier) => byPublicIdentifier.get(publicIdentifier),
    findByEntityId: (entityId) => byEntityId.get(entityId),
  };
}
