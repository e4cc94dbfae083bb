import {
  type AgentNetworkClient,
  createImportRunner,
  createMemoryStore,
  ImportsApiClient,
  type KeyValueStore,
  SandboxNetworkClient,
} from '@outpilot/agent';
import {
  errorBodySchema,
  importListSchema,
  importStaleAfterMs,
  importTexts,
  recentImportsAnswerSchema,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { callApi, createAccount, issueTestSession, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

const csvFile =
  'LinkedIn Profile;First Name;Last Name;Company Name;Position Title;Country;Custom Field 1;Custom Field 2;Custom Field 3\nhttps://www.linkedin.com/in/someone-else/;a;b;;;;;;\n';
/** Second-degree members of the sandbox user: a search of a few pages. */
const searchUrl = 'https://www.linkedin.com/search/results/people/?network=%5B%22S%22%5D';
const pageSize = 25;

describe.each(testBackends())('an import run its agent left mid-way, on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  /** A workspace signed in to the product and, as its browser would be, to the sandbox network. */
  async function signedIn() {
    const account = await createAccount(server.db);
    let accessToken = (await issueTestSession(server.app, account)).accessToken;
    const session = sandboxSessionResponseSchema.parse(
      await (
        await fetch(`${server.url}/sandbox/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: account.email }),
        })
      ).json(),
    );
    const network = new SandboxNetworkClient({
      sandboxBaseUrl: `${server.url}/sandbox`,
      sessionId: session.sessionId,
    });
    return {
      network,
      token: () => accessToken,
      /** Access tokens live 15 minutes on the server's clock: after moving it, sign in again. */
      async renewToken() {
        accessToken = (await issueTestSession(server.app, account)).accessToken;
      },
    };
  }

  /** What the search shows this member: every hit, page by page, straight from the sandbox. */
  async function readSearch(network: AgentNetworkClient) {
    const search = { url: searchUrl, source: 'network_search' } as const;
    const first = await network.searchPeople(search, { start: 0, count: 50 });
    const elements = [...first.elements];
    for (let start = 50; start < first.reachable; start += 50) {
      elements.push(...(await network.searchPeople(search, { start, count: 50 })).elements);
    }
    const visibleIn = (from: number, to: number) =>
      elements.slice(from, to).filter((element) => !element.invisible).length;
    return { reachable: first.reachable, visible: visibleIn(0, elements.length), visibleIn };
  }

  type Browser = { token: () => string; network: AgentNetworkClient; store: KeyValueStore };

  /** An agent over the browser's storage; `goneAt` makes its search stop answering there (the tab closed). */
  function agent(browser: Browser, goneAt?: number) {
    let reached: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const network: AgentNetworkClient = {
      ...browser.network,
      searchPeople: (search, page, options) => {
        if (goneAt === undefined || page.start < goneAt)
          return browser.network.searchPeople(search, page, options);
        reached();
        return new Promise(() => undefined);
      },
    };
    const runner = createImportRunner({
      network,
      api: new ImportsApiClient({ apiBaseUrl: `${server.url}/api/v1` }),
      getAccessToken: async () => browser.token(),
      clock: server.clock,
      pacing: { betweenPages: { minMs: 0, maxMs: 0 }, betweenProfiles: { minMs: 0, maxMs: 0 } },
      sleep: async () => undefined,
      store: browser.store,
      pageSize,
    });
    return { runner, gone };
  }

  const upload = (token: string) =>
    fetch(`${server.url}/api/v1/imports/csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csvFile,
    });
  const recentLists = async (token: string) =>
    recentImportsAnswerSchema.parse(await (await callApi(server.url, 'GET', '/imports/recent', token)).json())
      .documents;

  it('resumes after a restart into the same list and ends with the counts the network shows', async () => {
    const session = await signedIn();
    const expected = await readSearch(session.network);
    expect(expected.reachable).toBeGreaterThan(2 * pageSize);
    const browser = { ...session, store: createMemoryStore() };

    const before = agent(browser, 2 * pageSize);
    await before.runner.start({ source: 'network_search', url: searchUrl, name: 'Second degree' });
    await before.gone;
    // The list still runs: a file upload waits for it.
    const blocked = await upload(session.token());
    expect(blocked.status).toBe(422);
    expect(errorBodySchema.parse(await blocked.json()).message).toBe(importTexts.finishStartedExport);

    const after = agent(browser);
    await after.runner.sync();
    await after.runner.settled();
    expect(after.runner.state()).toMatchObject({
      phase: 'completed',
      processed: expected.reachable,
      total: expected.reachable,
      exported: expected.visible,
    });
    const lists = await recentLists(session.token());
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({
      name: 'Second degree',
      state: 'completed',
      processed: expected.reachable,
      uploaded_count: expected.visible,
    });
    expect((await upload(session.token())).status).toBe(200);
  });

  it('lets a list silent for the stale period stop blocking, and the returning agent ends it as stopped', async () => {
    const session = await signedIn();
    const expected = await readSearch(session.network);
    const browser = { ...session, store: createMemoryStore() };
    const before = agent(browser, pageSize);
    await before.runner.start({ source: 'network_search', url: searchUrl });
    await before.gone;
    const [list] = await recentLists(session.token());
    if (!list) throw new Error('The run opened no list');

    server.clock.advance(importStaleAfterMs - 1_000);
    await session.renewToken();
    expect((await upload(session.token())).status).toBe(422);
    server.clock.advance(2_000);
    const passed = await upload(session.token());
    expect(passed.status, await passed.clone().text()).toBe(200);

    const after = agent(browser);
    await after.runner.sync();
    await after.runner.settled();
    const firstPageVisible = expected.visibleIn(0, pageSize);
    expect(after.runner.state()).toMatchObject({
      phase: 'stopped',
      processed: pageSize,
      exported: firstPageVisible,
    });
    const read = importListSchema.parse(
      await (await callApi(server.url, 'GET', `/imports/${list.id}`, session.token())).json(),
    );
    expect(read).toMatchObject({ state: 'stopped', processed: pageSize, uploaded_count: firstPageVisible });
  });
});
