import { bridgeChannel } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { createFakePort, type FakePort } from './fake-port.ts';
import { bridgePortName } from './port.ts';
import { type RelayWindow, startRelay } from './relay.ts';

const origin = 'http://localhost:3000';

function setup() {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const posted: unknown[] = [];
  const ticks: (() => void)[] = [];
  const win: RelayWindow = {
    location: { origin },
    addEventListener: (_type, listener) => listeners.push(listener),
    removeEventListener: () => {},
    postMessage: (message) => posted.push(message),
    setInterval: (handler) => ticks.push(handler),
    clearInterval: () => {},
  };
  const ports: FakePort[] = [];
  const logged: string[] = [];
  const relay = startRelay({
    window: win,
    connect: () => {
      const port = createFakePort(bridgePortName);
      ports.push(port);
      return port;
    },
    log: (message) => logged.push(message),
  });
  const fromPage = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    for (const listener of listeners)
      listener({
        data,
        origin: from.origin ?? origin,
        source: 'source' in from ? from.source : win,
      } as MessageEvent);
  };
  return { relay, posted, ports, logged, fromPage, tick: () => ticks[0]?.() };
}

const request = {
  channel: bridgeChannel,
  kind: 'request',
  target: 'system',
  command: 'getVersion',
  metadata: { correlationId: 'c1' },
  payload: {},
};
const response = {
  channel: bridgeChannel,
  kind: 'response',
  metadata: { correlationId: 'c1' },
  ok: true,
  result: {},
};

describe('the content-script relay', () => {
  it('carries a request of this page to the background and its answer back', () => {
    const { ports, posted, fromPage } = setup();
    fromPage(request);
    expect(ports[0]?.sent).toEqual([request]);
    ports[0]?.deliver(response);
    expect(posted).toEqual([response]);
  });

  it('ignores other origins, other windows and its own answers; logs requests of an unknown shape', () => {
    const { ports, fromPage, logged } = setup();
    fromPage(request, { origin: 'https://evil.example' });
    fromPage(request, { source: {} });
    fromPage(response);
    fromPage({ ...request, target: 'nowhere' });
    expect(ports[0]?.sent).toEqual([]);
    expect(logged).toEqual(['Outpilot: refused a bridge request of an unknown shape']);
  });

  it('keeps the worker awake with version pings whose answers stay in the relay', () => {
    const { ports, posted, tick } = setup();
    tick();
    const ping = ports[0]?.sent[0] as { metadata: { correlationId: string } };
    expect(ping).toMatchObject({ target: 'system', command: 'getVersion' });
    ports[0]?.deliver({ ...response, metadata: ping.metadata });
    expect(posted).toEqual([]);
  });

  it('opens a new port after the service worker went away', () => {
    const { ports, fromPage } = setup();
    ports[0]?.close();
    fromPage(request);
    expect(ports).toHaveLength(2);
    expect(ports[1]?.sent).toEqual([request]);
  });
});
