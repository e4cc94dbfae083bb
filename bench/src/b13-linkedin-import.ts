import {
  importPageSize,
  LinkedInNetworkClient,
  linkedInRequestPacing,
  type PeopleSearch,
  type RequestPacing,
} from '@outpilot/agent';
import { sandboxBasePath, sandboxLinkedInPath } from '@outpilot/contracts';
import { createPopulation, defaultPopulationSize, type Person, type Population } from '@outpilot/sandbox';
import { cookieJar } from '@outpilot/sandbox/cookie-jar';
import { startTestServer } from '@outpilot/server/testing';
import { count, small } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';

/** The search: the member's 2nd-degree connections, as LinkedIn's "2nd" filter links it. */
const search: PeopleSearch = {
  url: 'https://www.linkedin.com/search/results/people/?network=%5B%22S%22%5D&origin=FACETED_SEARCH',
  source: 'network_search',
};
/** The site's feed page and the script naming the query ids, read once before the first search. */
const discoveryRequests = 2;
/** What a basic search's paging reaches (reference §2.1). */
const reachableLimit = 1_000;

/**
 * BENCH_B13_PACING_MS=<min>-<max> replaces the reference's 2–5 s between calls, for a smoke run of
 * this code (e.g. 0-0); the figure in RESULTS.md is the reference's pacing.
 */
function pacingOf(text: string | undefined): RequestPacing {
  if (!text) return linkedInRequestPacing;
  const match = /^(\d+)-(\d+)$/.exec(text.trim());
  const [minMs, maxMs] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || minMs > maxMs)
    throw new Error('BENCH_B13_PACING_MS is <min>-<max> in milliseconds, e.g. 0-0');
  return { minMs, maxMs };
}

/**
 * The member whose search is imported: the first of the main network whose 2nd-degree connections
 * reach the basic search's 1,000 (else the one with the most; the report says how many matched).
 */
function viewerOf(population: Population): Person {
  let best: { person: Person; seconds: number } | undefined;
  for (const person of population.people) {
    if (!person.isVisible || !population.graph.isInMainNetwork(person.index)) continue;
    const seconds = population.graph.degreesFrom(person.index).filter((degree) => degree === 'SECOND').length;
    if (seconds >= reachableLimit) return person;
    if (!best || seconds > best.seconds) best = { person, seconds };
  }
  if (!best) throw new Error('bench B13: the population has no member in its main network');
  return best.person;
}

/**
 * B13 an import of a 1,000-profile LinkedIn search through the LinkedIn adapter, against the
 * sandbox network's LinkedIn facade as the product server mounts it (NETWORK=linkedin,
 * SANDBOX_NETWORK=mounted, the default seeded population), signed in with cookies like a browser,
 * at the reference's pacing (2–5 s between calls): requests made and wall time, against the
 * pacing floor (2 s between requests) — one run, as it takes minutes.
 */
export async function benchLinkedInImport(): Promise<void> {
  const wanted = small ? 100 : 1_000;
  const pacing = pacingOf(process.env.BENCH_B13_PACING_MS);
  heading(
    `B13 LinkedIn import: a ${count(wanted)}-profile search through the LinkedIn adapter on the sandbox's LinkedIn facade`,
  );
  // The product's own population (SANDBOX_SEED's default, 42, and 3,000 members), not the test servers' 300.
  const server = await startTestServer({
    env: { NETWORK: 'linkedin', SANDBOX_NETWORK: 'mounted', SANDBOX_SIZE: String(defaultPopulationSize) },
  });
  try {
    const { sandboxSeed: seed, sandboxSize: size } = server.config;
    const viewer = viewerOf(createPopulation({ seed, size }));
    const baseUrl = `${server.url}${sandboxBasePath}${sandboxLinkedInPath}`;
    const browser = cookieJar();
    // The pauses the transport draws (one a request, the last one unused): their sum is the
    // import's wall time if the adapter and the facade took no time at all.
    const draws: number[] = [];
    const signedIn = await browser.fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicIdentifier: viewer.publicIdentifier }),
    });
    if (signedIn.status !== 200) throw new Error(`bench B13: sign-in answered ${signedIn.status}`);
    const client = new LinkedInNetworkClient({
      baseUrl,
      fetch: browser.fetch,
      readCookie: async (name) => browser.jar.get(name) ?? null,
      pacing,
      random: () => {
        const draw = Math.random();
        draws.push(draw);
        return draw;
      },
    });

    const started = performance.now();
    const seen = new Set<string>();
    let read = 0;
    let pages = 0;
    let total = 0;
    for (let start = 0; start < wanted; start += importPageSize) {
      const page = await client.searchPeople(search, {
        start,
        count: Math.min(importPageSize, wanted - start),
      });
      pages += 1;
      total = page.total;
      read += page.elements.length;
      for (const element of page.elements) if (!element.invisible) seen.add(element.profile.publicIdentifier);
      if (page.elements.length === 0 || start + importPageSize >= page.reachable) break;
    }
    const wallMs = performance.now() - started;
    const requests = client.transport.requestCount;
    const floorMs = (requests - 1) * pacing.minMs;
    const pausesMs = draws
      .slice(0, requests - 1)
      .reduce((sum, draw) => sum + pacing.minMs + draw * (pacing.maxMs - pacing.minMs), 0);
    console.log(
      `  the search: ${search.url} as ${viewer.publicIdentifier} (population seed ${seed}, ${count(size)} members): ${count(total)} results, ${count(Math.min(total, reachableLimit))} reachable`,
    );
    printScenario({
      name: `${count(read)} profiles (${count(seen.size)} by name, ${count(read - seen.size)} "LinkedIn Member") in ${pages} pages: ${requests} requests (${discoveryRequests} to read the query ids)`,
      ours: { runs: [wallMs / 1000], unit: 's', digits: 1 },
      anchor: {
        label: `pacing floor (${pacing.minMs / 1000} s between requests)`,
        figure: { runs: [floorMs / 1000], unit: 's', digits: 1 },
      },
      ratio: floorMs > 0 ? `${(wallMs / floorMs).toFixed(2)}× the floor` : undefined,
      target: 'no more requests than pages (plus the query-id discovery), close to the floor',
      met: requests <= pages + discoveryRequests && read === wanted && total >= wanted,
    });
    console.log(
      `    the pauses drawn (${pacing.minMs / 1000}–${pacing.maxMs / 1000} s at random) sum to ${(pausesMs / 1000).toFixed(1)} s: the adapter and the facade add ${((wallMs - pausesMs) / 1000).toFixed(1)} s over ${requests} requests`,
    );
  } finally {
    await server.close();
  }
}
