import {
  type SandboxSearchResponse,
  sandboxSearchFacetsSchema,
  sandboxSearchResponseSchema,
} from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPlugin } from '../plugin.ts';
import { createPopulation } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';
import { companyIdOf, schoolIdOf } from '../population/search-facets.ts';

const seed = 11;
const size = 2500;
const population = createPopulation({ seed, size });
const usGeoUrn = '103644278';

async function buildApp(faultRate?: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(sandboxPlugin, {
    prefix: '/sandbox',
    seed,
    size,
    clock: createVirtualClock(),
    ...(faultRate === undefined ? {} : { faultRate }),
  });
  return app;
}

const list = (...items: string[]) => encodeURIComponent(JSON.stringify(items));
const peopleSearch = (query: string) =>
  `https://www.linkedin.com/search/results/people/?${query}&origin=FACETED_SEARCH`;

function findMember(test: (person: Person) => boolean): Person {
  const member = population.people.find(
    (person) => person.isVisible && population.graph.isInMainNetwork(person.index) && test(person),
  );
  if (!member) throw new Error('no such member in the population');
  return member;
}

describe('GET /api/search/people', () => {
  let app: FastifyInstance;
  const viewer = findMember((person) => !person.hasSalesNavigator);
  const seller = findMember((person) => person.hasSalesNavigator);
  const headers: Record<'viewer' | 'seller', Record<string, string>> = { viewer: {}, seller: {} };
  const others = population.people.filter((person) => person.index !== viewer.index);
  const degrees = population.graph.degreesFrom(viewer.index);

  beforeAll(async () => {
    app = await buildApp();
    for (const [role, member] of [
      ['viewer', viewer],
      ['seller', seller],
    ] as const) {
      const signIn = await app.inject({
        method: 'POST',
        url: '/sandbox/api/session',
        payload: { publicIdentifier: member.publicIdentifier },
      });
      headers[role] = { 'x-sandbox-session': signIn.json().sessionId };
    }
  });
  afterAll(() => app.close());

  const search = async (
    url: string,
    params: Record<string, string | number> = {},
    as: 'viewer' | 'seller' = 'viewer',
  ) => {
    const query = new URLSearchParams({
      url,
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    });
    return app.inject({ method: 'GET', url: `/sandbox/api/search/people?${query}`, headers: headers[as] });
  };
  const page = async (
    url: string,
    params: Record<string, string | number> = {},
    as: 'viewer' | 'seller' = 'viewer',
  ) => {
    const response = await search(url, params, as);
    expect(response.statusCode, response.body).toBe(200);
    return sandboxSearchResponseSchema.parse(response.json());
  };
  /** Every reachable element of a search, page by page. */
  const allPages = async (url: string, as: 'viewer' | 'seller' = 'viewer') => {
    const first = await page(url, { count: 50 }, as);
    const elements = [...first.elements];
    for (let start = 50; start < first.reachable; start += 50) {
      elements.push(...(await page(url, { start, count: 50 }, as)).elements);
    }
    return { first, elements };
  };
  const visibleIds = (response: SandboxSearchResponse) =>
    response.elements.flatMap((hit) => (hit.invisible ? [] : [hit.entityId]));

  it('finds people by keywords, on whole words', async () => {
    const result = await page(peopleSearch('keywords=cto'));
    expect(result.kind).toBe('people_search');
    expect(result.total).toBe(others.filter((person) => person.title === 'CTO').length);
    for (const hit of result.elements) expect(hit.headline).toMatch(/^CTO at /);

    const phrase = await page(peopleSearch(`keywords=${encodeURIComponent('"product manager" OR founder')}`));
    expect(phrase.total).toBe(
      others.filter((person) => /product manager|founder/i.test(person.title)).length,
    );
  });

  it('filters by network degree relative to the session member', async () => {
    const first = await page(peopleSearch(`network=${list('F')}`), { count: 50 });
    expect(first.total).toBe(population.graph.connectionsOf(viewer.index).length);
    expect(first.elements.every((hit) => hit.degree === 'FIRST')).toBe(true);

    const farther = await page(peopleSearch(`network=${list('S', 'O')}`));
    expect(farther.total).toBe(others.filter((person) => degrees[person.index] !== 'FIRST').length);

    // O is "3rd and beyond": out-of-network members come with it, after the 3rd degree as on LinkedIn.
    const third = await allPages(peopleSearch(`network=${list('O')}`));
    expect(third.first.total).toBe(
      others.filter((person) => ['THIRD', 'OUT_OF_NETWORK'].includes(degrees[person.index] ?? '')).length,
    );
    const order = third.elements.map((hit) => ['THIRD', 'OUT_OF_NETWORK'].indexOf(hit.degree));
    expect(new Set(order)).toEqual(new Set([0, 1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('filters by location, company, industry and school, all at once', async () => {
    const inUs = await page(peopleSearch(`geoUrn=${list(usGeoUrn)}`), { count: 50 });
    expect(inUs.total).toBe(others.filter((person) => person.location.country === 'United States').length);
    expect(inUs.elements.every((hit) => hit.location.endsWith('United States'))).toBe(true);

    const company = 'Globex';
    const school = 'Stanford University';
    const byCompany = await page(peopleSearch(`currentCompany=${list(companyIdOf(company))}`));
    expect(byCompany.total).toBe(others.filter((person) => person.company === company).length);
    const bySoftware = await page(peopleSearch(`industry=${list('4')}`));
    expect(bySoftware.total).toBe(
      others.filter((person) => person.industry === 'Software Development').length,
    );
    const bySchool = await page(peopleSearch(`schoolFilter=${list(schoolIdOf(school))}`));
    expect(bySchool.total).toBe(others.filter((person) => person.school === school).length);

    const combined = await page(peopleSearch(`geoUrn=${list(usGeoUrn)}&industry=4,96&network=${list('S')}`));
    expect(combined.total).toBe(
      others.filter(
        (person) =>
          person.location.country === 'United States' &&
          ['Software Development', 'IT Services and IT Consulting'].includes(person.industry) &&
          degrees[person.index] === 'SECOND',
      ).length,
    );
  });

  it('lists the members of a seeded group and the attendees of a seeded event', async () => {
    const group = population.communities.groups[0];
    const event = population.communities.events[0];
    if (!group || !event) throw new Error('no communities');
    const members = await page(`https://www.linkedin.com/groups/${group.id}/members/`, {
      source: 'group_members',
    });
    expect(members.kind).toBe('group_members');
    expect(members.total).toBe(others.filter((person) => person.groupIds.includes(group.id)).length);

    const attendees = others.filter((person) => person.eventIds.includes(event.id)).length;
    const byPage = await page(`https://www.linkedin.com/events/${event.id}/`, { source: 'event_attendees' });
    const byCannedSearch = await page(
      `https://www.linkedin.com/search/results/people/?eventAttending=${list(event.id)}&origin=EVENT_PAGE_CANNED_SEARCH`,
    );
    expect(byPage.total).toBe(attendees);
    expect(byCannedSearch.kind).toBe('event_attendees');
    expect(visibleIds(byCannedSearch)).toEqual(visibleIds(byPage));
  });

  it('serves any pasted group id as a stable set, and answers EmptySearchPage when it finds nobody', async () => {
    const answers = [];
    for (let id = 1000; id < 1040; id += 1) {
      const response = await search(`https://www.linkedin.com/groups/${id}/`);
      answers.push({ status: response.statusCode, body: response.json() });
    }
    const empty = answers.find((answer) => answer.status !== 200);
    expect(empty).toEqual({
      status: 404,
      body: { name: 'EmptySearchPage', message: 'This search has no results' },
    });
    const found = answers.find((answer) => answer.status === 200);
    expect(found?.body.total).toBeGreaterThan(0);
  });

  it('serves Sales Navigator searches only to members with a seat', async () => {
    const url = `https://www.linkedin.com/sales/search/people?query=${encodeURIComponent(
      `(keywords:cto,filters:List((type:REGION,values:List((id:${usGeoUrn},text:United%20States,selectionType:INCLUDED)))))`,
    )}`;
    const refused = await search(url, { source: 'sales_navigator_search' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      name: 'SalesNavigatorNotAuthorized',
      message: "This import requires active Sales Navigator subscription, looks like you don't have it.",
    });

    const sellerOthers = population.people.filter((person) => person.index !== seller.index);
    const result = await page(url, { source: 'sales_navigator_search' }, 'seller');
    expect(result.kind).toBe('sales_navigator_search');
    expect(result.total).toBe(
      sellerOthers.filter((person) => person.title === 'CTO' && person.location.country === 'United States')
        .length,
    );
    for (const [listUrl, kind] of [
      [
        'https://www.linkedin.com/sales/lists/people/7000000001?sortCriteria=CREATED_TIME',
        'sales_navigator_lead_list',
      ],
      ['https://www.linkedin.com/sales/search/people?savedSearchId=456', 'sales_navigator_saved_search'],
      ['https://www.linkedin.com/sales/search/people?recentSearchId=123', 'sales_navigator_recent_search'],
    ] as const) {
      expect((await search(listUrl)).json().name).toBe('SalesNavigatorNotAuthorized');
      const response = await search(listUrl, {}, 'seller');
      // A seeded id may be one of the empty ones; either way the seat was accepted.
      expect([200, 404]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json().kind).toBe(kind);
    }
  });

  it('reaches at most 1000 results (2500 on Sales Navigator) while total counts every match', async () => {
    const everyone = await page(peopleSearch('keywords='));
    expect(everyone.total).toBe(size - 1);
    expect(everyone.reachable).toBe(1000);
    const beyond = await page(peopleSearch('keywords='), { start: 1000, count: 10 });
    expect(beyond.elements).toEqual([]);
    const last = await page(peopleSearch('keywords='), { start: 995, count: 10 });
    expect(last.elements).toHaveLength(5);

    const salesEveryone = await page('https://www.linkedin.com/sales/search/people?query=()', {}, 'seller');
    expect(salesEveryone.reachable).toBe(Math.min(size - 1, 2500));
  });

  it('pages stably: the same page every call, no member twice, bounds validated', async () => {
    const url = peopleSearch(`network=${list('F', 'S')}&keywords=manager`);
    const once = await page(url, { start: 10, count: 10 });
    const twice = await page(url, { start: 10, count: 10 });
    expect(twice).toEqual(once);
    expect(once).toMatchObject({ start: 10, count: 10 });

    const { first, elements } = await allPages(url);
    expect(elements).toHaveLength(first.reachable);
    const ids = elements.flatMap((hit) => (hit.invisible ? [] : [hit.entityId]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(elements.slice(10, 20)).toEqual(once.elements);

    const badBounds: Record<string, string | number>[] = [
      { count: 51 },
      { count: 0 },
      { start: -1 },
      { start: 'x' },
      { count: 1.5 },
    ];
    for (const params of badBounds) {
      const response = await search(url, params);
      expect(response.statusCode).toBe(422);
      expect(response.json().name).toBe('UnprocessableEntity');
    }
  });

  it('shows private and some out-of-network members as "LinkedIn Member" without a slug', async () => {
    const { first, elements } = await allPages(peopleSearch(`geoUrn=${list(usGeoUrn)}`));
    const invisible = elements.filter((hit) => hit.invisible);
    expect(invisible.length).toBeGreaterThan(0);
    for (const hit of invisible) {
      expect(hit).toEqual({
        invisible: true,
        name: 'LinkedIn Member',
        publicIdentifier: null,
        headline: expect.any(String),
        location: expect.stringMatching(/United States$/),
        degree: expect.any(String),
      });
    }
    const hidden = others.filter(
      (person) => person.location.country === 'United States' && !person.isVisible,
    ).length;
    expect(invisible.length).toBeGreaterThanOrEqual(Math.min(hidden, first.reachable));
    // Visible rows carry everything the importer keeps.
    const visible = elements.find((hit) => !hit.invisible);
    expect(visible).toMatchObject({ invisible: false, publicIdentifier: expect.any(String) });
  });

  it('refuses invalid links with the wizard message, and links under the wrong source', async () => {
    for (const [url, params] of [
      ['https://www.example.com/search/results/people/?keywords=cto', {}],
      ['https://www.linkedin.com/in/someone/', {}],
      ['https://www.linkedin.com/groups/12345/', { source: 'network_search' }],
      ['not a link', {}],
    ] as const) {
      const response = await search(url, params);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        name: 'UnprocessableEntity',
        message: 'Check your link and try again',
      });
    }
    const noUrl = await app.inject({
      method: 'GET',
      url: '/sandbox/api/search/people',
      headers: headers.viewer,
    });
    expect(noUrl.statusCode).toBe(422);
    const badSource = await search(peopleSearch('keywords=cto'), { source: 'recruiter' });
    expect(badSource.statusCode).toBe(422);
  });

  it('lists the filter ids and seeded communities, and their links find people', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sandbox/api/search/facets',
      headers: headers.viewer,
    });
    const facets = sandboxSearchFacetsSchema.parse(response.json());
    expect(facets.locations).toContainEqual({ id: usGeoUrn, name: 'United States' });
    expect(facets.industries).toContainEqual({ id: '4', name: 'Software Development' });
    const berlin = facets.locations.find((location) => location.name === 'Berlin, Berlin, Germany');
    const inBerlin = await page(peopleSearch(`geoUrn=${list(berlin?.id ?? '')}`));
    expect(inBerlin.total).toBe(others.filter((person) => person.location.city === 'Berlin').length);
    for (const { url } of [...facets.groups, ...facets.events]) {
      expect((await page(url)).total).toBeGreaterThan(0);
    }
    expect((await app.inject({ method: 'GET', url: '/sandbox/api/search/facets' })).statusCode).toBe(401);
  });

  it('answers 401 NotAuthenticated without a session', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/api/search/people?url=${encodeURIComponent(peopleSearch('keywords=cto'))}`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().name).toBe('NotAuthenticated');
  });
});

describe('fault injection', () => {
  const runCalls = async (faultRate: number | undefined) => {
    const app = await buildApp(faultRate);
    const member = findMember(() => true);
    const signIn = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { publicIdentifier: member.publicIdentifier },
    });
    const url = `/sandbox/api/search/people?url=${encodeURIComponent(peopleSearch('keywords=engineer'))}`;
    const responses = [];
    for (let call = 0; call < 30; call += 1) {
      responses.push(
        await app.inject({ method: 'GET', url, headers: { 'x-sandbox-session': signIn.json().sessionId } }),
      );
    }
    await app.close();
    return responses;
  };

  it('fails a seeded share of searches (429 RATE_LIMITED with Retry-After, or 502), the same calls every run', async () => {
    const first = await runCalls(0.3);
    const again = await runCalls(0.3);
    const statuses = first.map((response) => response.statusCode);
    expect(again.map((response) => response.statusCode)).toEqual(statuses);
    expect(statuses.filter((status) => status === 429 || status === 502).length).toBeGreaterThan(2);
    expect(statuses.every((status) => [200, 429, 502].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(10);
    const throttled = first.find((response) => response.statusCode === 429);
    expect(throttled?.json()).toEqual({
      name: 'ExceedsLimit',
      message: expect.any(String),
      code: 'RATE_LIMITED',
    });
    expect(Number(throttled?.headers['retry-after'])).toBeGreaterThanOrEqual(30);
    expect(Number(throttled?.headers['retry-after'])).toBeLessThanOrEqual(300);
    const unavailable = first.find((response) => response.statusCode === 502);
    if (unavailable) expect(unavailable.json()).toEqual({ name: 'BadGateway', message: expect.any(String) });
  });

  it('never throttles by default and refuses an impossible rate', async () => {
    const responses = await runCalls(undefined);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    await expect(buildApp(1.5)).rejects.toThrow(RangeError);
  });
});
