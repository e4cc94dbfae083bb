import { sandboxBasePath, sandboxSearchPeoplePath } from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSandboxSession } from './engine/cloud-runner.ts';
import type { TestServer } from './testing/index.ts';
import { testServerForSuite } from './testing/test-server-for-suite.ts';

/** SANDBOX_FAULT_RATE reaches the mounted sandbox network: its calls meet 429s and 502s. */
describe('SANDBOX_FAULT_RATE', () => {
  const server = testServerForSuite(undefined, { env: { SANDBOX_FAULT_RATE: '1' } });
  let session: string;
  const searchUrl = 'https://www.linkedin.com/search/results/people/?keywords=sales';

  beforeAll(async () => {
    session = await openSandboxSession(`${server.url}${sandboxBasePath}`, anyMember(server));
  });

  it('answers every search with a transient refusal when the rate is 1', async () => {
    for (let call = 0; call < 6; call += 1) {
      const response = await fetch(
        `${server.url}${sandboxBasePath}${sandboxSearchPeoplePath}?${new URLSearchParams({ url: searchUrl })}`,
        { headers: { 'x-sandbox-session': session } },
      );
      expect([429, 502]).toContain(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

/** A member of the sandbox population to sign in as. */
function anyMember(server: TestServer): string {
  const population = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
  const member = population.people[0];
  if (!member) throw new Error('empty population');
  return member.publicIdentifier;
}
