import type { ImportRunState } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../errors.ts';
import type { FakeApiCall, FakeCall, FakeNetworkOptions } from '../testing/fake-imports.ts';
import { createImportAgent, createImportWorld, searchUrl } from '../testing/import-world.ts';
import { importPacing, pauseMs } from './import-pacing.ts';
import { type ImportRunner, importRetryPolicy } from './import-runner.ts';

const salesUrl = 'https://www.linkedin.com/sales/search/people?savedSearchId=456';

function setUp(
  network: FakeNetworkOptions,
  hooks: { beforeApi?: (call: FakeApiCall, runner: ImportRunner) => void } = {},
) {
  let runner: ImportRunner | undefined;
  const world = createImportWorld(network, (call) => {
    if (runner) hooks.beforeApi?.(call, runner);
  });
  const agent = createImportAgent(world);
  runner = agent.runner;
  return { ...agent, runner, server: world.server, network: world.network, onlyList: world.onlyList };
}

const searchStarts = (calls: FakeCall[]) =>
  calls.flatMap((call) => (call.method === 'searchPeople' ? [call.page.start] : []));
const every7th = (index: number) => index % 7 === 0;

describe('import runner: URL sources', () => {
  it('opens a list with the reachable total, pages by 25, uploads and counts invisible members as skipped', async () => {
    const { runner, server, network, states, onlyList } = setUp({ size: 60, isInvisible: every7th });
    const starting = await runner.start({ source: 'network_search', url: ` ${searchUrl} ` });
    expect(starting).toMatchObject({ phase: 'starting', processed: 0, exported: 0, navigationUrl: null });
    await runner.settled();

    const list = onlyList();
    expect(list).toMatchObject({
      source_type: 'network_search',
      source_uri: searchUrl,
      name: 'Basic network search 2026-01-05 08:00',
      total: 60,
      state: 'completed',
      processed: 60,
    });
    const invisible = 9; // 0, 7, …, 56
    expect(list.profiles).toHaveLength(60 - invisible);
    expect(list.profiles[0]).toMatchObject({
      linkedin_public_identifier: 'member-0001',
      linkedin_entity_id: 'ACoAA0001',
      full_name: 'Member 0001',
      occupation: 'Engineer 0001',
      distance: 2,
    });
    expect(searchStarts(network.calls)).toEqual([0, 25, 50]);
    expect(server.calls.map((call) => call.method)).toEqual([
      'createImport',
      'uploadImportProfiles',
      'uploadImportProfiles',
      'uploadImportProfiles',
      'updateImportState',
    ]);
    expect(server.calls.every((call) => call.accessToken === 'a1')).toBe(true);

    const navigationUrl = `/contacts/import/${list.id}`;
    expect(states.map((state) => [state.phase, state.processed, state.exported])).toEqual([
      ['starting', 0, 0],
      ['started', 0, 0],
      ['changed', 25, 21],
      ['changed', 50, 42],
      ['changed', 60, 51],
      ['completed', 60, 51],
    ]);
    expect(runner.state()).toEqual({
      phase: 'completed',
      processed: 60,
      total: 60,
      exported: 51,
      navigationUrl,
      exportError: null,
    });
    expect(runner.href()).toEqual({ navigationUrl });
    expect(navigationUrl.split('/').at(-1)).toBe(list.id);
  });

  it('counts a member the search shows twice (unstable paging) as processed but not exported', async () => {
    // Position 30 shows member 3 again, as ~2% of LinkedIn's pages repeat someone (network-api.md §4).
    const { runner, onlyList } = setUp({
      size: 40,
      memberAt: (position) => (position === 30 ? 3 : position),
    });
    await runner.start({ source: 'network_search', url: searchUrl, name: 'First' });
    await runner.settled();
    expect(runner.state()).toMatchObject({ phase: 'completed', processed: 40, exported: 39 });
    expect(onlyList()).toMatchObject({ uploaded_count: 39, skipped_count: 1 });
  });

  it('reads every member when the network serves shorter pages than asked', async () => {
    const { runner, network, onlyList } = setUp({ size: 23, pageSizeMax: 10 });
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    expect(searchStarts(network.calls)).toEqual([0, 10, 20]);
    expect(onlyList().profiles).toHaveLength(23);
    expect(runner.state()).toMatchObject({ phase: 'completed', processed: 23, exported: 23 });
  });

  it('refuses a second start while a run is in progress, and allows one after it ends', async () => {
    const { runner } = setUp({ size: 30 });
    await runner.start({ source: 'network_search', url: searchUrl });
    const second = runner.start({
      source: 'group_members',
      url: 'https://www.linkedin.com/groups/123/members/',
    });
    await expect(second).rejects.toBeInstanceOf(AgentError);
    await expect(second).rejects.toMatchObject({ name: 'BadRequest', message: 'Finish the started export' });
    await runner.settled();
    await runner.clear();
    expect(runner.state()).toBeNull();
    await expect(
      runner.start({ source: 'group_members', url: 'https://www.linkedin.com/groups/123/members/' }),
    ).resolves.toMatchObject({ phase: 'starting' });
    await runner.settled();
  });

  it('refuses a start with a link the wizard did not validate', async () => {
    const { runner } = setUp({ size: 30 });
    await expect(runner.start({ source: 'event_attendees', url: searchUrl })).rejects.toThrow(
      'Invalid url, appropriate isValid function was not called before',
    );
    expect(runner.state()).toBeNull();
  });

  it('stops after the current page and marks the list stopped', async () => {
    let stopping: Promise<ImportRunState | null> | undefined;
    let runner: ImportRunner | undefined;
    const setup = setUp({
      size: 100,
      before: (call) => {
        // The user presses Back while the second page is being read.
        if (call.method === 'searchPeople' && call.page.start === 25) stopping = runner?.stop();
      },
    });
    runner = setup.runner;
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    await expect(stopping).resolves.toMatchObject({ phase: 'stopped', processed: 25, exported: 25 });
    expect(setup.onlyList()).toMatchObject({ state: 'stopped', processed: 25 });
    expect(searchStarts(setup.network.calls)).toEqual([0, 25]);
    expect(setup.states.at(-1)?.phase).toBe('stopped');
    // A stopped run is finished: the next one may start.
    expect((await runner.start({ source: 'network_search', url: searchUrl })).phase).toBe('starting');
    await runner.settled();
  });

  it('finishes the page being uploaded when stopped during the upload', async () => {
    const { runner, onlyList } = setUp(
      { size: 100 },
      {
        beforeApi: (call, current) => {
          if (call.method === 'uploadImportProfiles') void current.stop();
        },
      },
    );
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    expect(runner.state()).toMatchObject({ phase: 'stopped', processed: 25, exported: 25 });
    expect(onlyList()).toMatchObject({ state: 'stopped', processed: 25, uploaded_count: 25 });
  });

  it('retries throttles and server failures with back-off, then completes', async () => {
    let searchFailures = [
      new AgentError('ExceedsLimit', 'slow down', {
        status: 429,
        code: 'RATE_LIMITED',
        retryAfterMs: 30_000,
      }),
      new AgentError('BadGateway', 'down', { status: 502 }),
    ];
    let uploadFailures = [new AgentError('InternalError', 'boom', { status: 500 })];
    const { runner, sleeps, onlyList } = setUp(
      {
        size: 40,
        before: (call) => {
          if (call.method === 'searchPeople' && call.page.start === 25) {
            const [next, ...rest] = searchFailures;
            searchFailures = rest;
            if (next) throw next;
          }
        },
      },
      {
        beforeApi: (call) => {
          if (call.method !== 'uploadImportProfiles') return;
          const [next, ...rest] = uploadFailures;
          uploadFailures = rest;
          if (next) throw next;
        },
      },
    );
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    expect(runner.state()).toMatchObject({
      phase: 'completed',
      processed: 40,
      exported: 40,
      exportError: null,
    });
    expect(onlyList()).toMatchObject({ state: 'completed', uploaded_count: 40 });
    // Upload: 750 (1 s equal-jittered); the 5 s pause before page 2; its search: Retry-After 30 s,
    // then 1.5 s (2 s jittered).
    expect(sleeps).toEqual([750, 5_000, 30_000, 1_500]);
  });

  it('fails with BadGateway when the network stays down, and tells the server', async () => {
    const { runner, network, onlyList, states } = setUp({
      size: 60,
      before: (call) => {
        if (call.method === 'searchPeople' && call.page.start === 25)
          throw new AgentError('BadGateway', 'down');
      },
    });
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    expect(runner.state()).toMatchObject({
      phase: 'failed',
      processed: 25,
      exportError: { name: 'BadGateway' },
    });
    expect(searchStarts(network.calls)).toEqual([0, 25, 25, 25]);
    expect(onlyList()).toMatchObject({ state: 'failed', processed: 25, error: { name: 'BadGateway' } });
    expect(states.map((state) => state.phase)).toEqual(['starting', 'started', 'changed', 'failed']);
  });

  it('fails at once with NotAuthorized when the server refuses an upload', async () => {
    const { runner, server, sleeps, onlyList } = setUp(
      { size: 30 },
      {
        beforeApi: (call) => {
          if (call.method === 'uploadImportProfiles')
            throw new AgentError('NotAuthorized', 'Not authorized', { status: 403 });
        },
      },
    );
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    expect(runner.state()).toMatchObject({
      phase: 'failed',
      processed: 0,
      exportError: { name: 'NotAuthorized' },
    });
    expect(sleeps).toEqual([]);
    expect(server.calls.filter((call) => call.method === 'uploadImportProfiles')).toHaveLength(1);
    expect(onlyList()).toMatchObject({ state: 'failed', error: { name: 'NotAuthorized' } });
  });

  it('fails a Sales Navigator import without a seat before any list is opened', async () => {
    const { runner, server } = setUp({ size: 30, hasSalesNavigator: false });
    await runner.start({ source: 'sales_navigator_search', url: salesUrl });
    await runner.settled();
    expect(runner.state()).toMatchObject({
      phase: 'failed',
      navigationUrl: null,
      exportError: { name: 'SalesNavigatorNotAuthorized' },
    });
    expect(runner.href()).toBeNull();
    expect(server.calls).toEqual([]);
  });
});

describe('import runner: pasted profile URLs', () => {
  it('looks each distinct profile up, skips the unknown ones and opens a list without a source link', async () => {
    const { runner, network, onlyList } = setUp({ size: 40, isInvisible: (index) => index === 3 });
    const text = [
      'https://www.linkedin.com/in/member-0001/',
      'linkedin.com/in/MEMBER-0001?trk=x',
      'not a link',
      'https://www.linkedin.com/in/member-0003',
      '',
      'https://www.linkedin.com/in/member-0777/, https://de.linkedin.com/in/member-0002',
      'https://www.linkedin.com/sales/lead/ACwAAB123,NAME_SEARCH,x',
    ].join('\n');
    await runner.start({ source: 'profile_urls', text, name: 'Pasted' });
    await runner.settled();
    expect(network.calls).toEqual([
      { method: 'getProfile', publicIdentifier: 'member-0001' },
      { method: 'getProfile', publicIdentifier: 'member-0003' },
      { method: 'getProfile', publicIdentifier: 'member-0777' },
      { method: 'getProfile', publicIdentifier: 'member-0002' },
    ]);
    expect(onlyList()).toMatchObject({
      name: 'Pasted',
      source_type: 'profile_urls',
      source_uri: null,
      total: 4,
      state: 'completed',
      processed: 4,
    });
    expect(runner.state()).toMatchObject({ phase: 'completed', total: 4, processed: 4, exported: 2 });
  });

  it('refuses text without a profile link', async () => {
    const { runner } = setUp({ size: 40 });
    await expect(runner.start({ source: 'profile_urls', text: 'hello\nworld' })).rejects.toThrow(AgentError);
    expect(runner.state()).toBeNull();
  });

  it('fails the run when the network session is gone rather than skipping everyone', async () => {
    const { runner } = setUp({
      size: 40,
      before: () => {
        throw new AgentError('NotAuthenticated', 'Not signed in', { status: 401 });
      },
    });
    await runner.start({ source: 'profile_urls', text: 'https://www.linkedin.com/in/member-0001/' });
    await runner.settled();
    expect(runner.state()).toMatchObject({ phase: 'failed', exportError: { name: 'NotAuthenticated' } });
  });
});

describe('import runner: pacing', () => {
  /** The order of network reads and pauses, as one log. */
  function pacedWorld(network: FakeNetworkOptions) {
    const log: string[] = [];
    const world = createImportWorld({
      ...network,
      before: (call) => {
        log.push(
          call.method === 'searchPeople' ? `search ${call.page.start}` : `profile ${call.publicIdentifier}`,
        );
        network.before?.(call);
      },
    });
    const agent = createImportAgent(world, {
      sleep: async (milliseconds) => {
        log.push(`pause ${milliseconds}`);
      },
    });
    return { ...agent, world, log };
  }

  it('pauses a drawn time between search pages, never before the first', async () => {
    const { runner, log } = pacedWorld({ size: 60 });
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    // random() = 0.5 draws the middle of 4-6 s.
    expect(log).toEqual(['search 0', 'pause 5000', 'search 25', 'pause 5000', 'search 50']);
  });

  it('pauses between profile look-ups, across batches too', async () => {
    const { runner, log } = pacedWorld({ size: 10 });
    const text = [1, 2, 3].map((index) => `https://www.linkedin.com/in/member-000${index}/`).join('\n');
    await runner.start({ source: 'profile_urls', text });
    await runner.settled();
    expect(log).toEqual([
      'profile member-0001',
      'pause 400',
      'profile member-0002',
      'pause 400',
      'profile member-0003',
    ]);
  });

  it('draws pauses uniformly inside their range', () => {
    const range = importPacing.linkedin.betweenPages;
    expect(pauseMs(range, () => 0)).toBe(range.minMs);
    expect(pauseMs(range, () => 0.5)).toBe((range.minMs + range.maxMs) / 2);
    expect(pauseMs(range, () => 0.9999)).toBeLessThanOrEqual(range.maxMs);
    expect(importPacing.sandbox.betweenPages.maxMs).toBeLessThan(importPacing.linkedin.betweenPages.minMs);
  });

  it('reads nothing more when stopped during a pause', async () => {
    let runner: ImportRunner | undefined;
    let stopping: Promise<ImportRunState | null> | undefined;
    const world = createImportWorld({ size: 60 });
    ({ runner } = createImportAgent(world, {
      sleep: async () => {
        stopping ??= runner?.stop();
      },
    }));
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    await expect(stopping).resolves.toMatchObject({ phase: 'stopped', processed: 25 });
    expect(searchStarts(world.network.calls)).toEqual([0]);
    expect(world.onlyList()).toMatchObject({ state: 'stopped', processed: 25 });
  });

  it('honours Retry-After up to 5 minutes and fails the run on a longer throttle', async () => {
    const throttle = (retryAfterMs: number) =>
      new AgentError('ExceedsLimit', 'slow down', { status: 429, code: 'RATE_LIMITED', retryAfterMs });
    let failures = [throttle(300_000), throttle(3_600_000)];
    const world = createImportWorld({
      size: 60,
      before: (call) => {
        if (call.method !== 'searchPeople' || call.page.start !== 25) return;
        const [next, ...rest] = failures;
        failures = rest;
        if (next) throw next;
      },
    });
    const { runner, sleeps } = createImportAgent(world, { retry: importRetryPolicy });
    await runner.start({ source: 'network_search', url: searchUrl });
    await runner.settled();
    expect(sleeps).toEqual([5_000, 300_000]);
    expect(runner.state()).toMatchObject({
      phase: 'failed',
      processed: 25,
      exportError: { name: 'ExceedsLimit' },
    });
    expect(world.onlyList()).toMatchObject({ state: 'failed', error: { name: 'ExceedsLimit' } });
  });
});
