import type { BridgeEvent, TokenPair } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { createBridgeHost, type ProductApi } from './bridge-host.ts';
import type { AgentNetworkClient } from './network/network-client.ts';
import { ctoSearchUrl, hostTestStart, notUsedHere, signedInTokens } from './testing/bridge-host-fixtures.ts';
import { createFakeImportsApi, createFakeNetwork, type FakeNetworkOptions } from './testing/fake-imports.ts';
import { searchHangingFrom } from './testing/import-world.ts';
import { createSharedStorage } from './testing/shared-storage.ts';
import { createTokenStore } from './token-store.ts';

const salesUrl = 'https://www.linkedin.com/sales/search/people?savedSearchId=456';

/** What the agents of one browser share: its storage, and the server they upload to. */
const createBrowser = () => ({ storage: createSharedStorage(), server: createFakeImportsApi() });

async function setUp(
  network: FakeNetworkOptions,
  tokens: TokenPair | null = signedInTokens,
  options: {
    browser?: ReturnType<typeof createBrowser>;
    wrapNetwork?: (client: AgentNetworkClient) => AgentNetworkClient;
  } = {},
) {
  const { storage, server } = options.browser ?? createBrowser();
  const api: ProductApi = {
    signInUrl: notUsedHere,
    exchangeCode: notUsedHere,
    refresh: notUsedHere,
    signOut: notUsedHere,
    getProfile: notUsedHere,
    signInAsMember: notUsedHere,
    stopMemberSession: notUsedHere,
    postLog: notUsedHere,
  };
  const store = storage.view();
  const tokenStore = createTokenStore(store);
  if (tokens) await tokenStore.set(tokens);
  const fakeNetwork = createFakeNetwork(network);
  const host = createBridgeHost({
    version: '1.2.3',
    homeUrl: 'http://localhost:3000/',
    api,
    importsApi: () => server.api,
    tokens: tokenStore,
    network: options.wrapNetwork?.(fakeNetwork.client) ?? fakeNetwork.client,
    clock: createVirtualClock(hostTestStart),
    imports: { sleep: async () => undefined, random: () => 0, store },
  });
  const events: BridgeEvent[] = [];
  host.events.subscribe((event) => events.push(event));
  const send = (command: string, payload?: unknown) =>
    host.handle({
      channel: 'outpilot-bridge',
      kind: 'request',
      target: 'export',
      command,
      metadata: { correlationId: `c-${command}` },
      payload,
    });
  const sendAuth = (command: string) =>
    host.handle({
      channel: 'outpilot-bridge',
      kind: 'request',
      target: 'auth',
      command,
      metadata: { correlationId: `c-${command}` },
      payload: {},
    });
  return { host, send, sendAuth, events, server, storage, network: fakeNetwork };
}

const phasesOf = (events: BridgeEvent[]) =>
  events.flatMap((event) =>
    event.event === 'exportStateChanged' ? [event.payload as { phase: string; processed: number }] : [],
  );

describe('bridge host: export', () => {
  it('counts what a valid link reaches, 0 for an empty search, and refuses a bad link', async () => {
    const { send } = await setUp({ size: 1234 });
    expect(await send('count', { source: 'network_search', url: ctoSearchUrl })).toMatchObject({
      ok: true,
      result: { total: 1234 },
    });
    expect(
      await send('count', { source: 'group_members', url: 'https://www.linkedin.com/company/acme/' }),
    ).toMatchObject({
      ok: false,
      error: {
        name: 'UnprocessableEntity',
        message: 'Check your link and try again',
        errors: [{ field: 'url', description: 'Check your link and try again' }],
      },
    });
    expect(await send('count', { source: 'recruiter_search', url: ctoSearchUrl })).toMatchObject({
      error: { name: 'UnprocessableEntity', errors: [{ field: 'source' }] },
    });
    expect(await send('count', { source: 'network_search', url: '   ' })).toMatchObject({
      error: { name: 'UnprocessableEntity', errors: [{ field: 'url' }] },
    });
    const empty = await setUp({ size: 0 });
    expect(await empty.send('count', { source: 'network_search', url: ctoSearchUrl })).toMatchObject({
      result: { total: 0 },
    });
  });

  it('surfaces SalesNavigatorNotAuthorized on count with the wizard text', async () => {
    const { send } = await setUp({ size: 50, hasSalesNavigator: false });
    expect(await send('count', { source: 'sales_navigator_search', url: salesUrl })).toMatchObject({
      ok: false,
      error: {
        name: 'SalesNavigatorNotAuthorized',
        message: "This import requires active Sales Navigator subscription, looks like you don't have it.",
      },
    });
    const seat = await setUp({ size: 50, hasSalesNavigator: true });
    expect(await seat.send('count', { source: 'sales_navigator_search', url: salesUrl })).toMatchObject({
      result: { total: 50 },
    });
  });

  it('reads pasted profile URLs', async () => {
    const { send } = await setUp({ size: 10 });
    const text =
      'https://www.linkedin.com/in/a-1/\nhttps://www.linkedin.com/in/A-1\nnope\nlinkedin.com/in/b-2';
    expect(await send('countProfileUrls', { text })).toMatchObject({
      ok: true,
      result: { total: 2, identifiers: ['a-1', 'b-2'], invalid: 1 },
    });
    expect(await send('countProfileUrls', {})).toMatchObject({ error: { name: 'UnprocessableEntity' } });
  });

  it('runs an import: starting state at once, state events, then state, href and clear', async () => {
    const { send, host, events, server } = await setUp({ size: 30 });
    expect(await send('state')).toMatchObject({ ok: true, result: null });
    expect(await send('href')).toMatchObject({ ok: true, result: null });
    expect(await send('stop')).toMatchObject({ ok: true, result: null });

    const started = await send('start', { source: 'network_search', url: ctoSearchUrl, name: '  CTOs  ' });
    expect(started).toMatchObject({ ok: true, result: { phase: 'starting', processed: 0 } });
    expect(await send('start', { source: 'network_search', url: ctoSearchUrl })).toMatchObject({
      ok: false,
      error: { name: 'BadRequest', message: 'Finish the started export', code: 'EXPORT_IN_PROGRESS' },
    });
    expect(await send('clear')).toMatchObject({ ok: true, result: {} });
    await (await host.importRunner()).settled();

    const [list] = server.lists.values();
    expect(list).toMatchObject({ name: 'CTOs', state: 'completed', total: 30 });
    const final = { phase: 'completed', processed: 30, total: 30, exported: 30, exportError: null };
    expect(await send('state')).toMatchObject({ result: final });
    expect(await send('href')).toMatchObject({ result: { navigationUrl: `/contacts/import/${list?.id}` } });
    const exportEvents = events.filter((event) => event.event === 'exportStateChanged');
    expect(exportEvents.map((event) => (event.payload as { phase: string }).phase)).toEqual([
      'starting',
      'started',
      'changed',
      'changed',
      'completed',
    ]);
    expect(exportEvents.at(-1)).toMatchObject({ channel: 'outpilot-bridge', kind: 'event', payload: final });

    expect(await send('clear')).toMatchObject({ ok: true, result: {} });
    expect(await send('state')).toMatchObject({ result: null });
  });

  it('validates start payloads and needs a product sign-in', async () => {
    const { send } = await setUp({ size: 30 });
    expect(await send('start', { source: 'network_search' })).toMatchObject({
      error: { name: 'UnprocessableEntity', errors: [{ field: 'url' }] },
    });
    expect(await send('start', { source: 'csv_file', url: ctoSearchUrl })).toMatchObject({
      error: { name: 'UnprocessableEntity' },
    });
    expect(await send('start', { source: 'event_attendees', url: ctoSearchUrl })).toMatchObject({
      error: {
        name: 'UnprocessableEntity',
        message: 'Invalid url, appropriate isValid function was not called before',
      },
    });
    expect(
      await send('start', { source: 'network_search', url: ctoSearchUrl, name: 'x'.repeat(51) }),
    ).toMatchObject({ error: { name: 'UnprocessableEntity', errors: [{ field: 'name' }] } });
    expect(await send('start', { source: 'profile_urls', text: 'no links here' })).toMatchObject({
      error: { name: 'UnprocessableEntity', errors: [{ field: 'text' }] },
    });
    expect(await send('state')).toMatchObject({ result: null });

    const signedOut = await setUp({ size: 30 }, null);
    expect(await signedOut.send('start', { source: 'network_search', url: ctoSearchUrl })).toMatchObject({
      error: { name: 'NotAuthenticated' },
    });
  });

  it('stops a run and answers its final state', async () => {
    const { send, host, server } = await setUp({ size: 100 });
    await send('start', {
      source: 'profile_urls',
      text: ['member-0001', 'member-0002', 'member-0003']
        .map((id) => `https://www.linkedin.com/in/${id}/`)
        .join('\n'),
    });
    const stopped = await send('stop');
    expect(stopped).toMatchObject({ ok: true, result: { phase: 'stopped' } });
    await (await host.importRunner()).settled();
    for (const list of server.lists.values()) expect(list.state).toBe('stopped');
  });

  it('resumes, when it starts, the run the agent before it (the page before a reload) left unfinished', async () => {
    const browser = createBrowser();
    let reached: Promise<void> = Promise.resolve();
    const before = await setUp({ size: 60 }, signedInTokens, {
      browser,
      wrapNetwork: (client) => {
        const hanging = searchHangingFrom(client, 25);
        reached = hanging.reached;
        return hanging.client;
      },
    });
    await before.send('start', { source: 'network_search', url: ctoSearchUrl, name: 'CTOs' });
    await reached;

    const after = await setUp({ size: 60 }, null, { browser });
    await (await after.host.importRunner()).settled();
    const [list] = browser.server.lists.values();
    expect(list).toMatchObject({ name: 'CTOs', state: 'completed', processed: 60, uploaded_count: 60 });
    expect(after.network.calls.map((call) => call.method === 'searchPeople' && call.page.start)).toEqual([
      25, 50,
    ]);
    expect(phasesOf(after.events).map((state) => [state.phase, state.processed])).toEqual([
      ['changed', 25],
      ['changed', 25],
      ['changed', 50],
      ['changed', 60],
      ['completed', 60],
    ]);
    expect(await after.send('state')).toMatchObject({
      result: { phase: 'completed', processed: 60, exported: 60 },
    });
    expect(await after.send('href')).toMatchObject({
      result: { navigationUrl: `/contacts/import/${list?.id}` },
    });
  });

  it('stops the run and forgets it when the user signs out', async () => {
    const { send, sendAuth, server, storage } = await setUp({ size: 100 });
    await send('start', { source: 'network_search', url: ctoSearchUrl });
    expect(await sendAuth('signOut')).toMatchObject({ ok: true });
    const [list] = server.lists.values();
    expect(list?.state).toBe('stopped');
    expect(await send('state')).toMatchObject({ ok: true, result: null });
    expect([...storage.values.keys()].filter((key) => key.startsWith('importRun'))).toEqual([]);
  });
});
