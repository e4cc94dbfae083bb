import { countSearch, createImportRunner, SandboxNetworkClient } from '@outpilot/agent';
import { createFakeImportsApi } from '@outpilot/agent/testing';
import { type ImportUrlSource, sandboxSessionResponseSchema } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPlugin } from '../plugin.ts';
import { createPopulation } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';

// The agent's import runner against the real sandbox over a real socket: every signal a search or a
// look-up gives (throttles with Retry-After, outages, invisible members, empty searches, no Sales
// Navigator seat) ends in the right counts or the right failure.
const seed = 23;
const size = 1200;
const population = createPopulation({ seed, size });
/** Every call of the noisy sandbox has this chance of a 429 (Retry-After 30-300 s) or a 502. */
const faultRate = 0.2;
const searchUrl = 'https://www.linkedin.com/search/results/people/?network=%5B%22S%22%2C%22O%22%5D';
const salesUrl = 'https://www.linkedin.com/sales/search/people?savedSearchId=456';
const emptyUrl = 'https://www.linkedin.com/search/results/people/?keywords=zzqxvnobody';

async function listen(faults: number) {
  const app = Fastify();
  await app.register(sandboxPlugin, {
    prefix: '/sandbox',
    seed,
    size,
    clock: createVirtualClock(),
    faultRate: faults,
  });
  return { app, baseUrl: `${await app.listen({ port: 0, host: '127.0.0.1' })}/sandbox` };
}

const findMember = (test: (person: Person) => boolean): Person => {
  const member = population.people.find(
    (person) => person.isVisible && population.graph.isInMainNetwork(person.index) && test(person),
  );
  if (!member) throw new Error('no such member in the population');
  return member;
};

describe('imports against the sandbox network, faults and all', () => {
  let noisy: { app: FastifyInstance; baseUrl: string };
  let quiet: { app: FastifyInstance; baseUrl: string };

  beforeAll(async () => {
    noisy = await listen(faultRate);
    quiet = await listen(0);
  });
  afterAll(async () => {
    await noisy?.app.close();
    await quiet?.app.close();
  });

  async function networkOf(baseUrl: string, member: Person) {
    const response = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicIdentifier: member.publicIdentifier }),
    });
    const { sessionId } = sandboxSessionResponseSchema.parse(await response.json());
    return new SandboxNetworkClient({ sandboxBaseUrl: baseUrl, sessionId });
  }

  /** What the search shows the member, read from the sandbox without faults. */
  async function expectedOf(member: Person, url: string, source: ImportUrlSource) {
    const network = await networkOf(quiet.baseUrl, member);
    const first = await network.searchPeople({ url, source }, { start: 0, count: 50 });
    const elements = [...first.elements];
    for (let start = 50; start < first.reachable; start += 50)
      elements.push(...(await network.searchPeople({ url, source }, { start, count: 50 })).elements);
    const visible = elements.flatMap((element) => (element.invisible ? [] : [element.profile]));
    return { reachable: first.reachable, visible, invisible: elements.length - visible.length };
  }

  async function importOn(
    member: Person,
    start: Parameters<ReturnType<typeof createImportRunner>['start']>[0],
  ) {
    const server = createFakeImportsApi();
    const sleeps: number[] = [];
    const runner = createImportRunner({
      network: await networkOf(noisy.baseUrl, member),
      api: server.api,
      getAccessToken: async () => 'a1',
      sleep: async (milliseconds) => {
        sleeps.push(milliseconds);
      },
      random: () => 0.5,
      pacing: { betweenPages: { minMs: 1, maxMs: 1 }, betweenProfiles: { minMs: 1, maxMs: 1 } },
    });
    await runner.start(start);
    await runner.settled();
    return { state: runner.state(), lists: [...server.lists.values()], sleeps };
  }

  it('imports a search with invisible members, waiting out every throttle it meets', async () => {
    const member = findMember(() => true);
    const expected = await expectedOf(member, searchUrl, 'network_search');
    expect(expected.invisible).toBeGreaterThan(0);
    const { state, lists, sleeps } = await importOn(member, { source: 'network_search', url: searchUrl });
    expect(state).toMatchObject({
      phase: 'completed',
      total: expected.reachable,
      processed: expected.reachable,
      exported: expected.visible.length,
    });
    expect(lists).toHaveLength(1);
    expect(lists[0]?.profiles.map((profile) => profile.linkedin_public_identifier)).toEqual(
      expected.visible.map((profile) => profile.publicIdentifier),
    );
    // The sandbox's 429s ask for 30-300 s: each was waited out, not retried at once.
    expect(sleeps.filter((milliseconds) => milliseconds >= 30_000).length).toBeGreaterThan(0);
  });

  it('imports pasted links, skipping the members nobody may look up, through faulty look-ups', async () => {
    const member = findMember(() => true);
    const hidden = population.people.filter((person) => !person.isVisible).slice(0, 3);
    const shown = population.people.filter((person) => person.isVisible && person !== member).slice(0, 27);
    const text = [...hidden, ...shown]
      .map((person) => `https://www.linkedin.com/in/${person.publicIdentifier}/`)
      .join('\n');
    const { state, sleeps } = await importOn(member, { source: 'profile_urls', text });
    expect(state).toMatchObject({ phase: 'completed', total: 30, processed: 30, exported: 27 });
    expect(sleeps.filter((milliseconds) => milliseconds > 1).length).toBeGreaterThan(0);
  });

  it('counts an empty search as 0 and fails its run with EmptySearchPage before opening a list', async () => {
    const member = findMember(() => true);
    await expect(
      countSearch(await networkOf(quiet.baseUrl, member), { source: 'network_search', url: emptyUrl }),
    ).resolves.toEqual({
      total: 0,
    });
    const { state, lists } = await importOn(member, { source: 'network_search', url: emptyUrl });
    expect(state).toMatchObject({ phase: 'failed', exportError: { name: 'EmptySearchPage' } });
    expect(lists).toEqual([]);
  });

  it('refuses Sales Navigator without a seat and imports it with one', async () => {
    const withoutSeat = findMember((person) => !person.hasSalesNavigator);
    const refused = await importOn(withoutSeat, { source: 'sales_navigator_search', url: salesUrl });
    expect(refused.state).toMatchObject({
      phase: 'failed',
      exportError: { name: 'SalesNavigatorNotAuthorized' },
    });
    expect(refused.lists).toEqual([]);

    const seller = findMember((person) => person.hasSalesNavigator);
    const expected = await expectedOf(seller, salesUrl, 'sales_navigator_search');
    const imported = await importOn(seller, { source: 'sales_navigator_search', url: salesUrl });
    expect(imported.state).toMatchObject({
      phase: 'completed',
      processed: expected.reachable,
      exported: expected.visible.length,
    });
  });
});
