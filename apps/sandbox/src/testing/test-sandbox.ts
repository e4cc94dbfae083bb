import { createVirtualClock, type VirtualClock } from '@outpilot/domain';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import { type SandboxPluginOptions, sandboxPlugin } from '../plugin.ts';
import { createPopulation, type Population } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';

export const testSeed = 11;
export const testSize = 800;
export const testStart = new Date('2026-03-02T09:00:00.000Z');
const populations = new Map<string, Population>();

export type TestSandbox = {
  app: FastifyInstance;
  clock: VirtualClock;
  population: Population;
  /** Signs in as the member and returns the session header for later calls. */
  signIn(member: Person): Promise<Record<string, string>>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** A sandbox on a virtual clock, mounted at /sandbox like in the server. */
export async function createTestSandbox(
  options: Partial<Omit<SandboxPluginOptions, 'clock'>> = {},
): Promise<TestSandbox> {
  const seed = options.seed ?? testSeed;
  const size = options.size ?? testSize;
  const clock = createVirtualClock(testStart);
  const app = Fastify();
  await app.register(sandboxPlugin, { prefix: '/sandbox', ...options, seed, size, clock });
  const key = `${seed}:${size}`;
  const population = populations.get(key) ?? createPopulation({ seed, size });
  populations.set(key, population);
  const call: TestSandbox['call'] = (method, url, headers, payload) =>
    app.inject({
      method,
      url: `/sandbox${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    app,
    clock,
    population,
    async signIn(member) {
      const response = await call('POST', '/api/session', {}, { publicIdentifier: member.publicIdentifier });
      if (response.statusCode !== 201) throw new Error(`sign-in failed: ${response.body}`);
      return { 'x-sandbox-session': response.json().sessionId };
    },
    call,
    close: () => app.close(),
  };
}

/**
 * For a test file: a function that opens a test sandbox closed again after the test that opened
 * it, so no test leaves a server behind for the next.
 */
export function sandboxesClosedAfterEachTest(): typeof createTestSandbox {
  const open: TestSandbox[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((each) => each.close()));
  });
  return async (options) => {
    const created = await createTestSandbox(options);
    open.push(created);
    return created;
  };
}

/** A visible member of the main network matching the test, the n-th such one. */
export function findMember(population: Population, test: (person: Person) => boolean, nth = 0): Person {
  const found = population.people.filter(
    (person) => person.isVisible && population.graph.isInMainNetwork(person.index) && test(person),
  )[nth];
  if (!found) throw new Error('no such member in the population');
  return found;
}

/** Visible members at a given seeded degree from `member`. */
export function membersAtDegree(
  population: Population,
  member: Person,
  degree: 'FIRST' | 'SECOND' | 'THIRD' | 'OUT_OF_NETWORK',
): Person[] {
  const degrees = population.graph.degreesFrom(member.index);
  return population.people.filter((person) => person.isVisible && degrees[person.index] === degree);
}

export const hourMs = 60 * 60 * 1000;
export const dayMs = 24 * hourMs;
