import { describe, expect, it } from 'vitest';
import { createPopulation } from './create-population.ts';
import { countryGeoUrnOf, industryIdOf } from './search-facets.ts';

describe('createPopulation', () => {
  const population = createPopulation({ seed: 7, size: 3000 });

  it('gives the same people for the same seed and different people for another seed', () => {
    const again = createPopulation({ seed: 7, size: 3000 });
    expect(again.people.slice(0, 50)).toEqual(population.people.slice(0, 50));
    expect(again.graph.connectionsOf(10)).toEqual(population.graph.connectionsOf(10));
    const other = createPopulation({ seed: 8, size: 3000 });
    const sameSlugs = other.people
      .slice(0, 50)
      .filter((person, index) => person.publicIdentifier === population.people[index]?.publicIdentifier);
    expect(sameSlugs).toHaveLength(0);
  });

  it('keeps public identifiers and entity ids unique and well formed', () => {
    const slugs = new Set(population.people.map((person) => person.publicIdentifier));
    const ids = new Set(population.people.map((person) => person.entityId));
    expect(slugs.size).toBe(3000);
    expect(ids.size).toBe(3000);
    for (const person of population.people) {
      expect(person.publicIdentifier).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-[0-9a-f]{6}$/);
      expect(person.entityId).toMatch(/^ACoAA[0-9A-Za-z]{22}$/);
    }
  });

  it('fills every field with realistic values', () => {
    for (const person of population.people) {
      expect(person.firstName).not.toBe('');
      expect(person.lastName).not.toBe('');
      expect(person.headline).toBe(`${person.title} at ${person.company}`);
      expect(person.industry).not.toBe('');
      expect(person.school).not.toBe('');
      expect(Object.values(person.location).every((part) => part.length > 0)).toBe(true);
      expect(person.skills.length).toBeGreaterThanOrEqual(3);
      expect(person.skills.length).toBeLessThanOrEqual(10);
      expect(person.postIds.length).toBeLessThanOrEqual(5);
    }
    const share = (test: (person: (typeof population.people)[number]) => boolean) =>
      population.people.filter(test).length / population.size;
    expect(share((person) => person.hasSalesNavigator)).toBeGreaterThan(0.25);
    expect(share((person) => person.hasSalesNavigator)).toBeLessThan(0.35);
    expect(share((person) => !person.isVisible)).toBeGreaterThan(0.01);
    expect(share((person) => !person.isVisible)).toBeLessThan(0.05);
    expect(new Set(population.people.map((person) => person.location.country)).size).toBeGreaterThan(10);
  });

  it('gives each member 20-200 symmetric connections and a varied degree mix', () => {
    for (const person of population.people.slice(0, 200)) {
      const connections = population.graph.connectionsOf(person.index);
      expect(connections.length).toBeGreaterThanOrEqual(20);
      expect(connections.length).toBeLessThanOrEqual(200);
      for (const other of connections.slice(0, 5)) {
        expect(population.graph.connectionsOf(other)).toContain(person.index);
      }
    }
    const degrees = population.graph.degreesFrom(0);
    const counts = new Map<string, number>();
    for (const degree of degrees) counts.set(degree, (counts.get(degree) ?? 0) + 1);
    expect(counts.get('SELF')).toBe(1);
    for (const degree of ['FIRST', 'SECOND', 'THIRD', 'OUT_OF_NETWORK']) {
      expect(counts.get(degree) ?? 0).toBeGreaterThan(population.size * 0.02);
    }
    expect(counts.get('FIRST')).toBe(population.graph.connectionsOf(0).length);
  });

  it('gives every member the ids people-search filters use, and seeded group and event memberships', () => {
    const us = population.people.find((person) => person.location.country === 'United States');
    expect(us?.geoUrns).toContain('103644278');
    expect(countryGeoUrnOf('Germany')).toBe('101282230');
    expect(industryIdOf('Software Development')).toBe('4');
    type Member = (typeof population.people)[number];
    const facets: [(person: Member) => string, (person: Member) => string][] = [
      [(person) => person.company, (person) => person.companyId],
      [(person) => person.school, (person) => person.schoolId],
      [(person) => person.industry, (person) => person.industryId],
      [
        (person) => `${person.location.city}, ${person.location.country}`,
        (person) => person.geoUrns[0] ?? '',
      ],
    ];
    for (const [nameOf, idOf] of facets) {
      // One id per name and one name per id, so a filter never finds people of another company or school.
      const idByName = new Map(population.people.map((person) => [nameOf(person), idOf(person)]));
      const nameById = new Map(population.people.map((person) => [idOf(person), nameOf(person)]));
      expect(nameById.size).toBe(idByName.size);
      for (const person of population.people) {
        expect(idOf(person)).toMatch(/^\d+$/);
        expect(idByName.get(nameOf(person))).toBe(idOf(person));
      }
    }
    const { groups, events } = population.communities;
    expect(groups.length).toBeGreaterThan(5);
    expect(events.every((event) => /^7\d{18}$/.test(event.id))).toBe(true);
    for (const community of [...groups, ...events]) {
      const members = population.people.filter(
        (person) => person.groupIds.includes(community.id) || person.eventIds.includes(community.id),
      ).length;
      expect(members / population.size).toBeGreaterThan(community.share / 2);
      expect(members / population.size).toBeLessThan(community.share * 2);
    }
    expect(createPopulation({ seed: 7, size: 3000 }).communities).toEqual(population.communities);
  });

  it('refuses an impossible size', () => {
    expect(() => createPopulation({ seed: 1, size: 1 })).toThrow(RangeError);
  });
});
