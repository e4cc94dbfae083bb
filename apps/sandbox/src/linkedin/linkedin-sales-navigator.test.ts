import { createImportRunner, type PeopleSearch, type PeopleSearchElement } from '@outpilot/agent';
import { createFakeImportsApi } from '@outpilot/agent/testing';
import {
  type SandboxSearchResponse,
  sandboxSearchPeoplePath,
  sandboxSearchResponseSchema,
  sentInvitationsResponseSchema,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { facadesClosedAfterEachTest } from '../testing/test-facade.ts';
import { findMember, type TestSandbox } from '../testing/test-sandbox.ts';

/**
 * Sales Navigator through the real LinkedIn adapter on the sandbox's LinkedIn facade: a member
 * with a seat reads a Sales Navigator search and a lead list in LinkedIn's dialect
 * (salesApiLeadSearch, fs_salesProfile URNs, salesApiProfiles), and finds the same people, page by
 * page, as the sandbox's own dialect finds for the same link.
 */
const facade = facadesClosedAfterEachTest();

/** As a browser copies it from Sales Navigator: the query's own leaves escaped once more. */
const searchLink =
  'https://www.linkedin.com/sales/search/people?query=(recentSearchParam:(id:3141592,doLogHistory:true),filters:List((type:RELATIONSHIP,values:List((id:S,text:2nd%2520degree%2520connections,selectionType:INCLUDED),(id:O,selectionType:INCLUDED))),(type:REGION,values:List((id:urn%253Ali%253Ageo%253A103644278,text:United%2520States,selectionType:INCLUDED)))))&sessionId=abc%3D%3D';
const salesSearch: PeopleSearch = { url: searchLink, source: 'sales_navigator_search' };
const leadList: PeopleSearch = {
  url: 'https://www.linkedin.com/sales/lists/people/10?sortCriteria=CREATED_TIME',
  source: 'sales_navigator_search',
};
const pageSize = 25;

/** What a row shows of a member, whichever dialect gave it; a private row shows nobody. */
type Row = 'LinkedIn Member' | Record<string, unknown>;
const rowOfAdapter = (element: PeopleSearchElement): Row =>
  element.invisible
    ? 'LinkedIn Member'
    : {
        publicIdentifier: element.profile.publicIdentifier,
        firstName: element.profile.firstName,
        lastName: element.profile.lastName,
        headline: element.profile.headline,
        location: element.profile.location,
        company: element.profile.company,
        degree: element.profile.degree,
        isPremium: element.profile.isPremium,
      };
const rowOfSandbox = (hit: SandboxSearchResponse['elements'][number]): Row =>
  hit.invisible
    ? 'LinkedIn Member'
    : {
        publicIdentifier: hit.publicIdentifier,
        firstName: hit.firstName,
        lastName: hit.lastName,
        headline: hit.headline,
        location: hit.location,
        company: hit.company,
        degree: hit.degree,
        isPremium: hit.isPremium,
      };

/** Every page of a search as the sandbox's own dialect shows it to the member of `session`. */
async function sandboxPages(box: TestSandbox, session: Record<string, string>, search: PeopleSearch) {
  const page = async (start: number) =>
    sandboxSearchResponseSchema.parse(
      (
        await box.call(
          'GET',
          `${sandboxSearchPeoplePath}?${new URLSearchParams({ url: search.url, source: search.source, start: String(start), count: String(pageSize) })}`,
          session,
        )
      ).json(),
    );
  const first = await page(0);
  const hits = [...first.elements];
  for (let start = pageSize; start < first.reachable; start += pageSize)
    hits.push(...(await page(start)).elements);
  return { first, hits };
}

describe('Sales Navigator through the LinkedIn adapter on the facade', () => {
  it('pages a Sales Navigator search: the same people as the sandbox dialect, 25 a page, two calls a page', async () => {
    const { box, client, asked, signIn } = await facade();
    const member = findMember(box.population, (person) => person.hasSalesNavigator);
    const session = await signIn(member);

    const { first, hits } = await sandboxPages(box, session, salesSearch);
    const expected = hits.map(rowOfSandbox);
    // Enough people for several pages, some of them "LinkedIn Member" rows.
    expect(first.total).toBeGreaterThan(3 * pageSize);
    expect(expected).toContain('LinkedIn Member');

    const found: PeopleSearchElement[] = [];
    let pages = 0;
    for (let start = 0; ; start += pageSize) {
      const page = await client.searchPeople(salesSearch, { start, count: pageSize });
      expect(page).toMatchObject({ total: first.total, reachable: first.reachable });
      pages += 1;
      found.push(...page.elements);
      if (start + pageSize >= page.reachable) break;
    }
    expect(found.map(rowOfAdapter)).toEqual(expected);
    expect(pages).toBe(Math.ceil(first.total / pageSize));

    // LinkedIn's dialect: salesApiLeadSearch with the link's own query, then one batch get of the
    // page's leads' profile addresses (never one call per lead).
    const searches = asked.filter((url) => url.pathname.endsWith('/sales-api/salesApiLeadSearch'));
    const profiles = asked.filter((url) => url.pathname.endsWith('/sales-api/salesApiProfiles'));
    expect(searches).toHaveLength(pages);
    expect(profiles).toHaveLength(pages);
    expect(asked).toHaveLength(2 * pages);
    expect(searches.map((url) => Number(url.searchParams.get('start')))).toEqual(
      Array.from({ length: pages }, (_, page) => page * pageSize),
    );
    expect(searches[0]?.searchParams.get('q')).toBe('searchQuery');
    expect(searches[0]?.searchParams.get('count')).toBe(String(pageSize));
    expect(searches[0]?.searchParams.get('decorationId')).toMatch(/LeadSearchResult/);
    expect(searches[0]?.search).toContain(
      'query=(recentSearchParam:(id:3141592,doLogHistory:true),filters:List((type:RELATIONSHIP,values:List((id:S,text:2nd%20degree%20connections,selectionType:INCLUDED),(id:O,selectionType:INCLUDED))),(type:REGION,values:List((id:urn%3Ali%3Ageo%3A103644278,text:United%20States,selectionType:INCLUDED)))))&',
    );
    expect(profiles[0]?.searchParams.get('ids')).toMatch(
      /^List\(\(profileId:ACwAA[^,]+,authType:NAME_SEARCH,authToken:[^,)]+\)(,\(profileId:.*\))*\)$/,
    );

    // Sales Navigator's identifiers: each lead is its ACw id; an action on it reaches the member.
    const visible = found.flatMap((element) => (element.invisible ? [] : [element.profile]));
    expect(visible.every((profile) => /^ACwAA/.test(profile.entityId))).toBe(true);
    const lead = visible.find((profile) => profile.degree === 'SECOND');
    if (!lead) throw new Error('no 2nd-degree lead');
    await client.sendInvitation({ publicIdentifier: lead.publicIdentifier, entityId: lead.entityId });
    const sent = sentInvitationsResponseSchema.parse(
      (await box.call('GET', '/api/invitations/sent', session)).json(),
    );
    expect(sent.invitations.map((invitation) => invitation.entityId)).toEqual([
      box.population.people.find((person) => person.publicIdentifier === lead.publicIdentifier)?.entityId,
    ]);
  });

  it("imports a Sales Navigator search with the agent's import runner: every lead the search reaches, once", async () => {
    const { box, client, signIn } = await facade();
    const session = await signIn(findMember(box.population, (person) => person.hasSalesNavigator));
    const { first, hits } = await sandboxPages(box, session, salesSearch);
    const named = hits.flatMap((hit) => (hit.invisible ? [] : [hit.publicIdentifier]));
    const server = createFakeImportsApi();
    const runner = createImportRunner({
      network: client,
      api: server.api,
      getAccessToken: async () => 'a1',
      sleep: async () => undefined,
      random: () => 0.5,
      pacing: { betweenPages: { minMs: 1, maxMs: 1 }, betweenProfiles: { minMs: 1, maxMs: 1 } },
    });
    await runner.start({ source: salesSearch.source, url: salesSearch.url });
    await runner.settled();
    expect(runner.state()).toMatchObject({
      phase: 'completed',
      total: first.reachable,
      processed: first.reachable,
      exported: named.length,
    });
    const [list] = [...server.lists.values()];
    expect(list?.profiles.map((profile) => profile.linkedin_public_identifier)).toEqual(named);
    expect(list?.profiles.every((profile) => profile.linkedin_entity_id?.startsWith('ACwAA'))).toBe(true);
  });

  it('reads a lead list, pages from any offset, and ends past the last lead', async () => {
    const { box, client, signIn } = await facade();
    const member = findMember(box.population, (person) => person.hasSalesNavigator);
    const session = await signIn(member);
    const answer = await box.call(
      'GET',
      `${sandboxSearchPeoplePath}?${new URLSearchParams({ url: leadList.url, source: leadList.source, count: '50' })}`,
      session,
    );
    const sandbox = sandboxSearchResponseSchema.parse(answer.json());
    expect(sandbox.total).toBeGreaterThan(pageSize);
    expect(sandbox.total).toBeLessThanOrEqual(50);

    const first = await client.searchPeople(leadList, { start: 0, count: pageSize });
    const second = await client.searchPeople(leadList, { start: pageSize, count: pageSize });
    expect(first).toMatchObject({ total: sandbox.total, reachable: sandbox.total });
    expect(first.elements).toHaveLength(pageSize);
    expect(second.elements).toHaveLength(sandbox.total - pageSize);
    expect([...first.elements, ...second.elements].map(rowOfAdapter)).toEqual(
      sandbox.elements.map(rowOfSandbox),
    );
    // A page may start anywhere (a resumed import does): the same rows from there.
    const middle = await client.searchPeople(leadList, { start: 7, count: 10 });
    expect(middle.elements.map(rowOfAdapter)).toEqual(sandbox.elements.slice(7, 17).map(rowOfSandbox));
    expect((await client.searchPeople(leadList, { start: sandbox.total, count: pageSize })).elements).toEqual(
      [],
    );
  });

  it('reads a recent search, a saved search and a link of plain keywords as the sandbox dialect does', async () => {
    const { box, client, signIn } = await facade();
    const session = await signIn(findMember(box.population, (person) => person.hasSalesNavigator));
    for (const url of [
      'https://www.linkedin.com/sales/search/people?recentSearchId=2718',
      'https://www.linkedin.com/sales/search/people?savedSearchId=1618',
      'https://www.linkedin.com/sales/search/people?keywords=manager',
    ]) {
      const sandbox = sandboxSearchResponseSchema.parse(
        (
          await box.call(
            'GET',
            `${sandboxSearchPeoplePath}?${new URLSearchParams({ url, count: String(pageSize) })}`,
            session,
          )
        ).json(),
      );
      const page = await client.searchPeople(
        { url, source: 'sales_navigator_search' },
        { start: 0, count: pageSize },
      );
      expect(page.total).toBe(sandbox.total);
      expect(page.elements.map(rowOfAdapter)).toEqual(sandbox.elements.map(rowOfSandbox));
    }
  });

  it('answers EmptySearchPage for a search that finds nobody, and 400 for a query it cannot read', async () => {
    const { box, baseUrl, browser, client, signIn } = await facade();
    await signIn(findMember(box.population, (person) => person.hasSalesNavigator));
    await expect(
      client.searchPeople(
        {
          url: 'https://www.linkedin.com/sales/search/people?query=(keywords:zzyzx-nobody-at-all)',
          source: 'sales_navigator_search',
        },
        { start: 0, count: pageSize },
      ),
    ).rejects.toMatchObject({ name: 'EmptySearchPage' });
    const headers = {
      'csrf-token': (browser.jar.get('JSESSIONID') ?? '').replace(/"/g, ''),
      'x-restli-protocol-version': '2.0.0',
    };
    const broken = await browser.fetch(
      `${baseUrl}/sales-api/salesApiLeadSearch?q=searchQuery&query=(filters:List((type:REGION`,
      { headers },
    );
    expect(broken.status).toBe(400);
    const noKeys = await browser.fetch(`${baseUrl}/sales-api/salesApiProfiles?ids=List()`, { headers });
    expect(noKeys.status).toBe(400);
  });

  it('refuses a member without a seat: SalesNavigatorNotAuthorized for a search and a lead list', async () => {
    const { box, baseUrl, browser, client, signIn } = await facade();
    const member = findMember(box.population, (person) => !person.hasSalesNavigator);
    const session = await signIn(member);
    for (const search of [salesSearch, leadList]) {
      await expect(client.searchPeople(search, { start: 0, count: pageSize })).rejects.toMatchObject({
        name: 'SalesNavigatorNotAuthorized',
        status: 403,
      });
      // The sandbox's own dialect refuses the same member the same way.
      const own = await box.call(
        'GET',
        `${sandboxSearchPeoplePath}?${new URLSearchParams({ url: search.url, source: search.source })}`,
        session,
      );
      expect(own.statusCode).toBe(403);
    }
    // Nor are leads named through salesApiProfiles without a seat.
    const [somebody] = box.population.people;
    const profiles = await browser.fetch(
      `${baseUrl}/sales-api/salesApiProfiles?ids=List((profileId:ACwAA${somebody?.entityId.slice(5)},authType:NAME_SEARCH,authToken:x))`,
      {
        headers: {
          'csrf-token': (browser.jar.get('JSESSIONID') ?? '').replace(/"/g, ''),
          'x-restli-protocol-version': '2.0.0',
        },
      },
    );
    expect(profiles.status).toBe(403);
  });
});
