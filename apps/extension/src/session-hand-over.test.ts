import { type BridgeRequest, bridgeChannel } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { handOverSession } from './session-hand-over.ts';

const request = (command: string, payload: unknown): BridgeRequest => ({
  channel: bridgeChannel,
  kind: 'request',
  target: 'network',
  command,
  metadata: { correlationId: 'c1' },
  payload,
});
const cookies: Record<string, string> = { li_at: 'AQED-session', JSESSIONID: '"ajax:1"' };
const read = async (name: string) => cookies[name] ?? null;

describe('the LinkedIn session hand-over', () => {
  it('answers the session cookies to a request with consent', async () => {
    expect(await handOverSession(request('handOverSession', { consent: true }), read)).toEqual({
      channel: bridgeChannel,
      kind: 'response',
      metadata: { correlationId: 'c1' },
      ok: true,
      result: cookies,
    });
  });

  it('refuses without consent, and when the member is signed out', async () => {
    const refused = await handOverSession(request('handOverSession', {}), read);
    expect(refused).toMatchObject({ ok: false, error: { name: 'UnprocessableEntity' } });
    const signedOut = await handOverSession(request('handOverSession', { consent: true }), async () => null);
    expect(signedOut).toMatchObject({ ok: false, error: { name: 'NotAuthenticated' } });
  });

  it('leaves every other command to the agent', () => {
    expect(handOverSession(request('getMyProfile', {}), read)).toBeNull();
  });
});
