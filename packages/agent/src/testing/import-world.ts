import type { ImportRunState } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import type { ImportPacing } from '../import-runner/import-pacing.ts';
import { createImportRunner, type ImportRunnerOptions } from '../import-runner/import-runner.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import {
  createFakeImportsApi,
  createFakeNetwork,
  type FakeApiCall,
  type FakeNetworkOptions,
} from './fake-imports.ts';
import { createSharedStorage } from './shared-storage.ts';

export const worldStart = new Date('2026-01-05T08:00:00.000Z');
export const searchUrl = 'https://www.linkedin.com/search/results/people/?keywords=cto';

/** Pauses told apart from retry back-offs in the recorded sleeps: 5 s between pages, 400 ms between profiles. */
export const testPacing: ImportPacing = {
  betweenPages: { minMs: 4_000, maxMs: 6_000 },
  betweenProfiles: { minMs: 300, maxMs: 500 },
};

/**
 * What import runs act on: a fake network, the fake server, one browser storage and a virtual clock.
 * Agents created in one world are tabs (or restarts) of one browser.
 */
export function createImportWorld(network: FakeNetworkOptions, beforeApi?: (call: FakeApiCall) => void) {
  const fakeNetwork = createFakeNetwork(network);
  const server = createFakeImportsApi(beforeApi ? { before: beforeApi } : {});
  const storage = createSharedStorage();
  const clock = createVirtualClock(worldStart);
  const onlyList = () => {
    const [list, ...others] = server.lists.values();
    if (!list || others.length > 0) throw new Error('expected exactly one import list');
    return list;
  };
  return { network: fakeNetwork, server, storage, clock, onlyList };
}
export type ImportWorld = ReturnType<typeof createImportWorld>;

/** One agent (a tab, or the page after a reload) in the world; its own lock unless one is shared. */
export function createImportAgent(
  world: ImportWorld,
  overrides: Partial<
    Pick<
      ImportRunnerOptions,
      'network' | 'lock' | 'store' | 'getAccessToken' | 'pacing' | 'sleep' | 'random' | 'retry'
    >
  > = {},
) {
  const states: ImportRunState[] = [];
  const sleeps: number[] = [];
  const runner = createImportRunner({
    network: world.network.client,
    api: world.server.api,
    getAccessToken: async () => 'a1',
    onChange: (state) => states.push(state),
    clock: world.clock,
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds);
    },
    random: () => 0.5,
    retry: { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 },
    pacing: testPacing,
    store: world.storage.view(),
    ...overrides,
  });
  return { runner, states, sleeps };
}

/** A promise to wait on a condition in a test: `reached` resolves when `arrive` is called. */
export function createArrival() {
  let arrive: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, reached };
}

/** Never answers: what a call looks like from a tab that went away during it. */
export const never = <T>(): Promise<T> => new Promise(() => undefined);

/**
 * A network whose search pages from `start` on never answer: the tab went away while reading.
 * `reached` resolves when the run got there.
 */
export function searchHangingFrom(client: AgentNetworkClient, start: number) {
  const { arrive, reached } = createArrival();
  const hanging: AgentNetworkClient = {
    ...client,
    searchPeople: (search, page, options) => {
      if (page.start < start) return client.searchPeople(search, page, options);
      arrive();
      return never();
    },
  };
  return { client: hanging, reached };
}
