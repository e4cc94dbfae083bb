import { importStaleAfterMs } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../errors.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import type { KeyValueStore } from '../storage.ts';
import type { FakeCall } from '../testing/fake-imports.ts';
import {
  createArrival,
  createImportAgent,
  createImportWorld,
  type ImportWorld,
  never,
  searchHangingFrom,
  searchUrl,
} from '../testing/import-world.ts';
import { importRunKey } from './import-run-key.ts';
import { type ImportRunRecord, importRunRecordSchema } from './import-run-store.ts';
import { createMemoryRunLock, type ReleaseLock, type RunLock } from './run-lock.ts';

const searchStarts = (calls: FakeCall[]) =>
  calls.flatMap((call) => (call.method === 'searchPeople' ? [call.page.start] : []));
const every7th = (index: number) => index % 7 === 0;
/** Members 0…size-1 with every 7th invisible: how many an import uploads. */
const visibleOf = (size: number) => size - Math.ceil(size / 7);

/** A tab whose run stops answering at search page `start`: the tab is gone from then on. */
async function tabGoneAtPage(world: ImportWorld, start: number, overrides: { lock?: RunLock } = {}) {
  const hanging = searchHangingFrom(world.network.client, start);
  const tab = createImportAgent(world, { network: hanging.client, ...overrides });
  await tab.runner.start({ source: 'network_search', url: searchUrl, name: 'CTOs' });
  await hanging.reached;
  return tab;
}

/** A storage view whose write of a matching run record never finishes (the tab went away then). */
function storeHangingWhen(view: KeyValueStore, isLast: (record: ImportRunRecord) => boolean) {
  const { arrive, reached } = createArrival();
  const store: KeyValueStore = {
    ...view,
    set(key, value) {
      if (key !== importRunKey || !isLast(importRunRecordSchema.parse(JSON.parse(value)))) {
        return view.set(key, value);
      }
      arrive();
      return never();
    },
  };
  return { store, reached };
}

const storedRecord = (world: ImportWorld) => {
  const raw = world.storage.values.get(importRunKey);
  return raw ? importRunRecordSchema.parse(JSON.parse(raw)) : null;
};

describe('import runner: a run survives a restart of its agent', () => {
  it('resumes after a reload at the first page not uploaded, into the same list, with the right counts', async () => {
    const world = createImportWorld({ size: 120, isInvisible: every7th });
    await tabGoneAtPage(world, 50);
    expect(storedRecord(world)).toMatchObject({ nextOffset: 50, state: { phase: 'changed', processed: 50 } });

    const reloaded = createImportAgent(world);
    await reloaded.runner.sync();
    await reloaded.runner.settled();

    expect(searchStarts(world.network.calls)).toEqual([0, 25, 50, 75, 100]);
    const list = world.onlyList();
    expect(list).toMatchObject({ state: 'completed', processed: 120, uploaded_count: visibleOf(120) });
    expect(reloaded.states[0]).toMatchObject({ phase: 'changed', processed: 50, exported: visibleOf(50) });
    expect(reloaded.runner.state()).toEqual({
      phase: 'completed',
      processed: 120,
      total: 120,
      exported: visibleOf(120),
      navigationUrl: `/contacts/import/${list.id}`,
      exportError: null,
    });
    expect(storedRecord(world)?.state.phase).toBe('completed');
  });

  it('counts a page the server took just before the tab went away once, uploading it again harmlessly', async () => {
    const world = createImportWorld({ size: 120, isInvisible: every7th });
    const { store, reached } = storeHangingWhen(world.storage.view(), (record) => record.nextOffset === 75);
    const tab = createImportAgent(world, { store });
    await tab.runner.start({ source: 'network_search', url: searchUrl });
    await reached;
    // The server holds pages 0-74; the record still says 50.
    expect(world.onlyList().uploaded_count).toBe(visibleOf(75));
    expect(storedRecord(world)?.nextOffset).toBe(50);

    const reloaded = createImportAgent(world);
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    expect(reloaded.runner.state()).toMatchObject({
      phase: 'completed',
      processed: 120,
      exported: visibleOf(120),
    });
    expect(world.onlyList()).toMatchObject({ uploaded_count: visibleOf(120), processed: 120 });
  });

  it('ends a run left for longer than the stale period as stopped, with the counts it reached', async () => {
    const world = createImportWorld({ size: 120, isInvisible: every7th });
    await tabGoneAtPage(world, 50);
    world.clock.advance(importStaleAfterMs + 60_000);
    const calls = world.network.calls.length;

    const later = createImportAgent(world);
    await later.runner.sync();
    await later.runner.settled();
    expect(world.network.calls).toHaveLength(calls);
    expect(world.onlyList()).toMatchObject({ state: 'stopped', processed: 50 });
    const stopped = { phase: 'stopped', processed: 50, exported: visibleOf(50), exportError: null };
    expect(later.runner.state()).toMatchObject(stopped);
    expect(later.states.at(-1)).toMatchObject(stopped);
    expect(storedRecord(world)?.state.phase).toBe('stopped');
    // The ended run blocks nothing: a new one starts.
    await expect(later.runner.start({ source: 'network_search', url: searchUrl })).resolves.toMatchObject({
      phase: 'starting',
    });
    await later.runner.settled();
  });

  it('adopts the end the server already recorded when the tab went away before keeping it', async () => {
    const world = createImportWorld({ size: 30 });
    const { store, reached } = storeHangingWhen(
      world.storage.view(),
      (record) => record.state.phase === 'completed',
    );
    const tab = createImportAgent(world, { store });
    await tab.runner.start({ source: 'network_search', url: searchUrl });
    await reached;

    const reloaded = createImportAgent(world);
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    expect(reloaded.runner.state()).toMatchObject({ phase: 'completed', processed: 30, exported: 30 });
    expect(world.server.calls.filter((call) => call.method === 'updateImportState')).toHaveLength(1);
  });

  it('starts a run over when its list was never opened, so the server gets exactly one list', async () => {
    const world = createImportWorld({ size: 30 });
    const { arrive, reached } = createArrival();
    const tab = createImportAgent(world, {
      getAccessToken: () => {
        arrive();
        return never();
      },
    });
    await tab.runner.start({ source: 'network_search', url: searchUrl });
    await reached;
    expect(world.server.lists.size).toBe(0);

    const reloaded = createImportAgent(world);
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    expect(world.onlyList()).toMatchObject({ state: 'completed', processed: 30, uploaded_count: 30 });
  });

  it('picks up the list it opened when the tab went away before keeping its id: still one list', async () => {
    const world = createImportWorld({ size: 30 });
    const { store, reached } = storeHangingWhen(world.storage.view(), (record) => record.importId !== null);
    const tab = createImportAgent(world, { store });
    await tab.runner.start({ source: 'network_search', url: searchUrl });
    await reached;
    expect(world.server.lists.size).toBe(1);
    expect(storedRecord(world)?.importId).toBeNull();

    const reloaded = createImportAgent(world);
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    expect(world.onlyList()).toMatchObject({ state: 'completed', processed: 30, uploaded_count: 30 });
  });

  it('resumes pasted profile URLs at their batch, and ends them stopped when their list of links is lost', async () => {
    const text = Array.from(
      { length: 60 },
      (_, index) => `https://www.linkedin.com/in/member-${String(index).padStart(4, '0')}/`,
    ).join('\n');
    const lookups = (world: ImportWorld) =>
      world.network.calls.flatMap((call) => (call.method === 'getProfile' ? [call.publicIdentifier] : []));
    const goneAtMember = async (world: ImportWorld, publicIdentifier: string) => {
      const { arrive, reached } = createArrival();
      const network: AgentNetworkClient = {
        ...world.network.client,
        getProfile: (id, options) => {
          if (id !== publicIdentifier) return world.network.client.getProfile(id, options);
          arrive();
          return never();
        },
      };
      await createImportAgent(world, { network }).runner.start({ source: 'profile_urls', text });
      await reached;
    };

    const world = createImportWorld({ size: 100 });
    await goneAtMember(world, 'member-0030');
    const reloaded = createImportAgent(world);
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    // The gone tab looked up 0-29; its unfinished batch (25-29) is read again, nothing before it.
    const again = Array.from({ length: 35 }, (_, index) => `member-${String(25 + index).padStart(4, '0')}`);
    expect(lookups(world).slice(30)).toEqual(again);
    expect(reloaded.runner.state()).toMatchObject({ phase: 'completed', processed: 60, exported: 60 });

    const lost = createImportWorld({ size: 100 });
    await goneAtMember(lost, 'member-0030');
    lost.storage.values.delete('importRun.identifiers');
    const later = createImportAgent(lost);
    await later.runner.sync();
    await later.runner.settled();
    expect(later.runner.state()).toMatchObject({ phase: 'stopped', processed: 25, exported: 25 });
    expect(lost.onlyList()).toMatchObject({ state: 'stopped', processed: 25 });
  });

  it('forgets a run whose list belongs to another workspace (another user signed in since)', async () => {
    const world = createImportWorld({ size: 120 });
    await tabGoneAtPage(world, 50);
    world.server.hidden.add(world.onlyList().id);
    const other = createImportAgent(world);
    await other.runner.sync();
    await other.runner.settled();
    expect(other.runner.state()).toBeNull();
    expect(world.storage.values.has(importRunKey)).toBe(false);
    expect(world.onlyList().state).toBe('running');
  });

  it('waits for a sign-in to resume, and ends the run then if a stop was pressed meanwhile', async () => {
    const world = createImportWorld({ size: 120 });
    await tabGoneAtPage(world, 50);
    let isSignedIn = false;
    const reloaded = createImportAgent(world, {
      getAccessToken: async () => {
        if (!isSignedIn) throw new AgentError('NotAuthenticated', 'Not signed in');
        return 'a2';
      },
    });
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    // The run stays as it was, and still blocks a new one.
    expect(reloaded.runner.state()).toMatchObject({ phase: 'changed', processed: 50 });
    await expect(reloaded.runner.start({ source: 'network_search', url: searchUrl })).rejects.toMatchObject({
      message: 'Finish the started export',
    });
    await expect(reloaded.runner.stop()).resolves.toMatchObject({ phase: 'changed' });
    await reloaded.runner.settled();
    expect(world.onlyList().state).toBe('running');

    isSignedIn = true;
    await reloaded.runner.sync();
    await reloaded.runner.settled();
    expect(reloaded.runner.state()).toMatchObject({ phase: 'stopped', processed: 50 });
    expect(world.onlyList()).toMatchObject({ state: 'stopped', processed: 50 });
    expect(searchStarts(world.network.calls)).toEqual([0, 25]);
  });

  it('shows a finished run after a restart until it is cleared; a damaged record reads as none', async () => {
    const world = createImportWorld({ size: 30 });
    const first = createImportAgent(world);
    await first.runner.start({ source: 'network_search', url: searchUrl });
    await first.runner.settled();

    const restarted = createImportAgent(world);
    await restarted.runner.sync();
    expect(restarted.runner.state()).toMatchObject({ phase: 'completed', exported: 30 });
    expect(restarted.runner.href()).toEqual({ navigationUrl: `/contacts/import/${world.onlyList().id}` });
    await restarted.runner.clear();
    expect(restarted.runner.state()).toBeNull();
    expect(world.storage.values.has(importRunKey)).toBe(false);

    world.storage.values.set(importRunKey, '{"version":1,"runId":');
    const damaged = createImportAgent(world);
    await damaged.runner.sync();
    expect(damaged.runner.state()).toBeNull();
  });
});

describe('import runner: two tabs of one browser', () => {
  /** Tab A's hold on a lock both tabs share; closing the tab gives it back, as the browser does. */
  function sharedLock() {
    const shared = createMemoryRunLock();
    let held: ReleaseLock = () => undefined;
    const tabA: RunLock = {
      acquire: shared.acquire,
      tryAcquire: async () => {
        const release = await shared.tryAcquire();
        if (release) held = release;
        return release;
      },
    };
    return { shared, tabA, closeTabA: () => held() };
  }

  it("follows the other tab's run, refuses a second one, and takes the run over when that tab closes", async () => {
    const world = createImportWorld({ size: 120, isInvisible: every7th });
    const lock = sharedLock();
    const tabB = createImportAgent(world, { lock: lock.shared });
    await tabB.runner.sync();
    await tabGoneAtPage(world, 50, { lock: lock.tabA });

    expect(tabB.states.map((state) => [state.phase, state.processed])).toEqual([
      ['starting', 0],
      ['started', 0],
      ['changed', 25],
      ['changed', 50],
    ]);
    expect(tabB.runner.state()).toMatchObject({ phase: 'changed', processed: 50 });
    await expect(tabB.runner.start({ source: 'network_search', url: searchUrl })).rejects.toMatchObject({
      message: 'Finish the started export',
    });
    expect(searchStarts(world.network.calls)).toEqual([0, 25]);

    lock.closeTabA();
    await tabB.runner.settled();
    expect(searchStarts(world.network.calls)).toEqual([0, 25, 50, 75, 100]);
    expect(tabB.runner.state()).toMatchObject({
      phase: 'completed',
      processed: 120,
      exported: visibleOf(120),
    });
    expect(world.onlyList()).toMatchObject({ state: 'completed', uploaded_count: visibleOf(120) });
  });

  it('stops the run the other tab drives after its page when Stop is pressed here', async () => {
    const world = createImportWorld({ size: 120 });
    const lock = createMemoryRunLock();
    const tabB = createImportAgent(world, { lock });
    let pressed: Promise<unknown> | undefined;
    const tabA = createImportAgent(world, {
      lock,
      sleep: async () => {
        pressed ??= tabB.runner.stop();
      },
    });
    await tabB.runner.sync();
    await tabA.runner.start({ source: 'network_search', url: searchUrl });
    await tabA.runner.settled();
    await expect(pressed).resolves.toMatchObject({ phase: 'changed', processed: 25 });
    expect(tabA.runner.state()).toMatchObject({ phase: 'stopped', processed: 50 });
    expect(world.onlyList()).toMatchObject({ state: 'stopped', processed: 50 });
    await tabB.runner.settled();
    expect(tabB.runner.state()).toMatchObject({ phase: 'stopped', processed: 50 });
  });
});
