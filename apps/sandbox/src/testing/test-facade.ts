import { LinkedInNetworkClient } from '@outpilot/agent';
import type { Person } from '../population/person.ts';
import { cookieJar } from './cookie-jar.ts';
import { sandboxesClosedAfterEachTest } from './test-sandbox.ts';

/**
 * For a test file: a function that opens a test sandbox listening on a port, with the real
 * LinkedIn adapter pointed at its LinkedIn facade through a browser's cookie jar (no pacing),
 * closed again after the test that opened it. `asked` keeps every address the adapter called.
 */
export function facadesClosedAfterEachTest() {
  const sandbox = sandboxesClosedAfterEachTest();
  return async (options: Parameters<typeof sandbox>[0] = {}) => {
    const box = await sandbox(options);
    const address = await box.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `${address}/sandbox/linkedin`;
    const browser = cookieJar();
    const asked: URL[] = [];
    const client = new LinkedInNetworkClient({
      baseUrl,
      fetch: (input, init) => {
        asked.push(new URL(String(input)));
        return browser.fetch(input, init);
      },
      readCookie: async (name) => browser.jar.get(name) ?? null,
      pacing: { minMs: 0, maxMs: 0 },
    });
    /**
     * Signs the browser in at the facade's sign-in page. li_at is the sandbox's own session, so the
     * answer is the header with which the sandbox's own dialect reads the same member.
     */
    const signIn = async (member: Person) => {
      const response = await browser.fetch(`${baseUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicIdentifier: member.publicIdentifier }),
      });
      if (response.status !== 200) throw new Error(`facade sign-in answered ${response.status}`);
      return { 'x-sandbox-session': browser.jar.get('li_at') ?? '' };
    };
    return { box, address, baseUrl, browser, client, asked, signIn };
  };
}
