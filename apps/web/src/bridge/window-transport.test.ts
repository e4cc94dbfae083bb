import { type BridgeRequest, bridgeChannel, bridgeRequestSchema } from '@outpilot/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeWindow } from '../test/fake-window.ts';
import { BridgeError } from './bridge-error.ts';
import { createWindowTransport, type WindowTransport } from './window-transport.ts';

type Responder = (request: BridgeRequest) => unknown;

let window = createFakeWindow();

/** A stand-in for the extension's content script: answers requests posted on this window. */
function installResponder(respond: Responder): () => void {
  const onMessage = (event: MessageEvent) => {
    const request = bridgeRequestSchema.safeParse(event.data);
    if (!request.success) return;
    const answer = respond(request.data);
    if (answer !== undefined) window.postMessage(answer, window.location.origin);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

const okResponse = (request: BridgeRequest, result: unknown) => ({
  channel: bridgeChannel,
  kind: 'response',
  metadata: request.metadata,
  ok: true,
  result,
});

let cleanups: (() => void)[] = [];
function track<T extends WindowTransport | (() => void)>(item: T): T {
  cleanups.push(typeof item === 'function' ? item : () => item.dispose());
  return item;
}

afterEach(() => {
  window = createFakeWindow();
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

describe('createWindowTransport', () => {
  it('posts the contracts envelope and matches concurrent answers by correlation id', async () => {
    const seen: BridgeRequest[] = [];
    const held: BridgeRequest[] = [];
    track(
      installResponder((request) => {
        seen.push(request);
        held.push(request);
        if (held.length < 2) return undefined;
        // Answer the second request first, then the first one.
        const [first, second] = held as [BridgeRequest, BridgeRequest];
        window.postMessage(okResponse(second, { version: 'second' }), window.location.origin);
        return okResponse(first, { version: 'first' });
      }),
    );
    const transport = track(createWindowTransport({ window }));
    const [a, b] = await Promise.all([
      transport.request('system', 'getVersion', {}),
      transport.request('api', 'getToken', {}),
    ]);
    expect(a).toEqual({ version: 'first' });
    expect(b).toEqual({ version: 'second' });
    expect(seen[0]).toMatchObject({
      channel: 'outpilot-bridge',
      kind: 'request',
      target: 'system',
      command: 'getVersion',
    });
    expect(seen[0]?.metadata.correlationId).not.toBe(seen[1]?.metadata.correlationId);
  });

  it('raises an error answer as a BridgeError with its name', async () => {
    track(
      installResponder((request) => ({
        channel: bridgeChannel,
        kind: 'response',
        metadata: request.metadata,
        ok: false,
        error: { name: 'NotAuthenticated', message: 'Sign in first' },
      })),
    );
    const transport = track(createWindowTransport({ window }));
    const failure = await transport.request('api', 'getMyProfile', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BridgeError);
    expect(failure).toMatchObject({ name: 'NotAuthenticated', message: 'Sign in first' });
  });

  it('times out with BadGateway when nothing answers', async () => {
    const transport = track(createWindowTransport({ window, timeoutMs: 30 }));
    await expect(transport.request('system', 'getVersion', {})).rejects.toMatchObject({
      name: 'BadGateway',
      message: 'Bad network or service is temporarily unavailable. Please, try again later.',
    });
  });

  it('ignores answers from another origin or another window', async () => {
    const transport = track(createWindowTransport({ window, timeoutMs: 80, createId: () => 'fixed-id' }));
    const pending = transport.request('system', 'getVersion', {});
    const answer = {
      channel: bridgeChannel,
      kind: 'response',
      metadata: { correlationId: 'fixed-id' },
      ok: true,
      result: 1,
    };
    window.dispatchEvent(
      new MessageEvent('message', { data: answer, origin: 'http://evil.example', source: window }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: answer,
        origin: window.location.origin,
        source: createFakeWindow(),
      }),
    );
    await expect(pending).rejects.toMatchObject({ name: 'BadGateway' });
  });

  it('delivers valid events to listeners until they unsubscribe', async () => {
    const transport = track(createWindowTransport({ window }));
    const received: string[] = [];
    const unsubscribe = transport.onEvent((event) => received.push(event.event));
    window.postMessage(
      { channel: bridgeChannel, kind: 'event', event: 'productSignedIn', payload: {} },
      window.location.origin,
    );
    window.postMessage(
      { channel: bridgeChannel, kind: 'event', event: 'notAnEvent', payload: {} },
      window.location.origin,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    window.postMessage(
      { channel: bridgeChannel, kind: 'event', event: 'productSignedOut', payload: {} },
      window.location.origin,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual(['productSignedIn']);
  });
});
