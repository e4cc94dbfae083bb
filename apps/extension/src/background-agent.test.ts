import { createMemoryStore } from '@outpilot/agent';
import { apiBasePath, apiPaths, bridgeChannel } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { startBackground } from './background-agent.ts';
import { readBuildConfig } from './build-config.ts';
import { createFakePort } from './fake-port.ts';
import { bridgePortName } from './port.ts';

const appOrigin = 'http://localhost:3000';
const config = {
  version: '0.1.0',
  network: 'linkedin',
  inPageAgentEnabled: false,
  apiBaseUrl: `${appOrigin}${apiBasePath}`,
  automationBaseUrl: `${appOrigin}/automation/v1`,
  sandboxBaseUrl: null,
  extensionStoreUrl: 'https://chromewebstore.google.com/detail/outpilot/outpilot-extension',
  minimumExtensionVersion: '0.1.0',
  supportEmail: 'support@outpilot.example',
  helpCenterUrl: `${appOrigin}/help`,
  termsUrl: `${appOrigin}/terms`,
  privacyUrl: `${appOrigin}/privacy`,
  crmBetaList: 'any',
};

function setup() {
  const logged: string[] = [];
  const fetched: string[] = [];
  const background = startBackground({
    build: readBuildConfig({}),
    version: '1.2.3',
    fetch: async (input) => {
      fetched.push(String(input));
      if (String(input) === `${appOrigin}${apiBasePath}${apiPaths.clientConfig}`)
        return new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } });
      return new Response('{}', { status: 404 });
    },
    storeFor: () => createMemoryStore(),
    readNetworkCookie: async () => null,
    log: (message) => logged.push(message),
  });
  return { background, logged, fetched };
}

const request = (correlationId: string, extra: Record<string, unknown> = {}) => ({
  channel: bridgeChannel,
  kind: 'request',
  target: 'system',
  command: 'getVersion',
  metadata: { correlationId },
  payload: {},
  ...extra,
});

describe('the background', () => {
  it("answers an app page's request with the extension's version, configured from the app's client config", async () => {
    const { background, fetched } = setup();
    const port = createFakePort(bridgePortName, { origin: appOrigin });
    background.onConnect(port);
    port.deliver(request('a'));
    await expect
      .poll(() => port.sent)
      .toEqual([
        {
          channel: bridgeChannel,
          kind: 'response',
          metadata: { correlationId: 'a' },
          ok: true,
          result: { version: '1.2.3' },
        },
      ]);
    expect(fetched[0]).toBe(`${appOrigin}${apiBasePath}${apiPaths.clientConfig}`);
  });

  it("answers the app's detection ping at once, before the origin's agent has its client config", () => {
    const logged: string[] = [];
    const background = startBackground({
      build: readBuildConfig({}),
      version: '1.2.3',
      // The app's server has not answered yet: the agent is still starting.
      fetch: () => new Promise<Response>(() => undefined),
      storeFor: () => createMemoryStore(),
      readNetworkCookie: async () => null,
      log: (message) => logged.push(message),
    });
    const port = createFakePort(bridgePortName, { origin: appOrigin });
    background.onConnect(port);
    port.deliver(request('ping'));
    expect(port.sent).toEqual([
      {
        channel: bridgeChannel,
        kind: 'response',
        metadata: { correlationId: 'ping' },
        ok: true,
        result: { version: '1.2.3' },
      },
    ]);
    expect(logged).toEqual([]);
  });

  it('refuses and logs a connection from a page outside the app origins', () => {
    const { background, logged, fetched } = setup();
    const port = createFakePort(bridgePortName, { origin: 'https://evil.example' });
    background.onConnect(port);
    expect(port.disconnected).toBe(true);
    expect(logged).toEqual(['Outpilot: refused a connection from an unknown origin']);
    expect(fetched).toEqual([]);
  });

  it('refuses and logs a message of an unknown shape, answering nothing', async () => {
    const { background, logged } = setup();
    const port = createFakePort(bridgePortName, { origin: appOrigin });
    background.onConnect(port);
    port.deliver({ channel: bridgeChannel, kind: 'request', target: 'system' });
    port.deliver(request('b'));
    await expect.poll(() => port.sent.length).toBe(1);
    expect(port.sent[0]).toMatchObject({ metadata: { correlationId: 'b' } });
    expect(logged).toEqual(['Outpilot: refused a message of an unknown shape']);
  });
});
