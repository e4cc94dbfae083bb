import { hashUnit, randomFor } from './prng.ts';
import { industries, locations } from './word-lists.ts';

/** A LinkedIn group or event of the seeded network; `share` is the part of all members in it. */
export type Community = { id: string; name: string; share: number };
export type Communities = { groups: readonly Community[]; events: readonly Community[] };
export type CommunityKind = 'group' | 'event';

const groupCount = 12;
const eventCount = 8;

/** The groups and events the seeded members belong to; the same seed always gives the same ones. */
export function createCommunities(seed: number): Communities {
  const random = randomFor(seed, 'communities');
  const groups = Array.from({ length: groupCount }, (_, index) => ({
    id: String(random.int(1_000_000, 13_999_999) * 10 + index),
    name: `${random.pick(industries)} Professionals`,
    share: 0.02 + random.next() * 0.2,
  }));
  const events = Array.from({ length: eventCount }, (_, index) => {
    const [city = 'Online'] = random.pick(locations).split(', ');
    // Event ids are 19-digit snowflakes starting with 7, as in LinkedIn's /events/<id>/ links.
    const id = `7${random.int(100_000_000, 999_999_999)}${random.int(10_000_000, 99_999_999)}${index}`;
    return { id, name: `${city} Growth Summit ${2024 + (index % 3)}`, share: 0.01 + random.next() * 0.1 };
  });
  return { groups, events };
}

/**
 * The share of members in a group, event, lead list or saved search the seed does not know: any
 * id pasted from LinkedIn still finds a stable set of people, and about one in ten finds nobody,
 * so the empty-search path can be exercised too (network-api.md §4 "Search").
 */
export function unknownCommunityShare(seed: number, key: string, min: number, max: number): number {
  const draw = hashUnit(`${seed}:share:${key}`);
  if (draw < 0.1) return 0;
  return min + ((draw - 0.1) / 0.9) * (max - min);
}

/** Whether one member belongs to a community given by its share; stable for (seed, key, member). */
export function isInCommunity(seed: number, key: string, share: number, index: number): boolean {
  return share > 0 && hashUnit(`${seed}:member:${key}:${index}`) < share;
}
