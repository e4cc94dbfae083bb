import { afterAll, beforeAll } from 'vitest';
import { type StartTestServerOptions, startTestServer, type TestServer } from './start-test-server.ts';

/**
 * A server for the enclosing describe block: started before its tests (ahead of the block's own
 * beforeAll hooks registered after this call) and closed after them. The answer stands for that
 * server; use it inside tests and hooks, where it has started. Vitest only: kept out of the
 * testing index, which the e2e server and the bench import too.
 */
export function testServerForSuite(
  databaseUrl: string | undefined,
  options: Omit<StartTestServerOptions, 'databaseUrl'> = {},
): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(databaseUrl ? { ...options, databaseUrl } : options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!started)
        throw new Error('testServerForSuite: the server starts in beforeAll; use it in tests and hooks');
      return Reflect.get(started, key);
    },
  });
}
