import { importPageSize, LinkedInNetworkClient, linkedInRequestPacing } from '@outpilot/agent';
import { standInPopulation, startLinkedInStandIn } from '@outpilot/agent/testing';
import { count, small } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';

/**
 * B13 an import of a 1,000-profile LinkedIn search through the LinkedIn adapter, against the
 * LinkedIn stand-in, at the reference's pacing (2–5 s between calls): requests made and wall
 * time, against the pacing floor (one request per page, 2 s apart) — one run, as it takes minutes.
 */
export async function benchLinkedInImport(): Promise<void> {
  const profiles = small ? 100 : 1_000;
  heading(`B13 LinkedIn import: a ${count(profiles)}-profile search through the LinkedIn adapter`);
  const standIn = await startLinkedInStandIn({ members: standInPopulation(profiles) });
  try {
    const client = new LinkedInNetworkClient({
      baseUrl: standIn.url,
      fetch: standIn.fetch,
      readCookie: async (name) => standIn.cookies.get(name) ?? null,
    });
    const search = {
      url: 'https://www.linkedin.com/search/results/people/?keywords=engineer',
      source: 'network_search' as const,
    };
    const started = performance.now();
    let read = 0;
    let pages = 0;
    for (let start = 0; ; start += importPageSize) {
      const page = await client.searchPeople(search, { start, count: importPageSize });
      pages += 1;
      read += page.elements.length;
      if (page.elements.length < importPageSize || start + importPageSize >= page.reachable) break;
    }
    const wallMs = performance.now() - started;
    const requests = client.transport.requestCount;
    // The site's feed page and script that name the query ids, read once.
    const discovery = 2;
    const floorMs = (requests - 1) * linkedInRequestPacing.minMs;
    printScenario({
      name: `${count(read)} profiles in ${pages} pages: ${requests} requests (${discovery} to read the query ids)`,
      ours: { runs: [wallMs / 1000], unit: 's', digits: 1 },
      anchor: {
        label: 'pacing floor (2 s between requests)',
        figure: { runs: [floorMs / 1000], unit: 's', digits: 1 },
      },
      ratio: `${(wallMs / floorMs).toFixed(2)}× the floor`,
      target: 'no more requests than pages (plus the query-id discovery), close to the floor',
      met: requests <= pages + discovery && read === profiles,
    });
  } finally {
    await standIn.close();
  }
}
