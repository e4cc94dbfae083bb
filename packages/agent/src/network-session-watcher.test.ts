import type { BridgeEvent, NetworkProfile } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { createBridgeEventEmitter } from './bridge-events.ts';
import { AgentError } from './errors.ts';
import { createNetworkSessionWatcher } from './network-session-watcher.ts';

const profile = (entityId: string) => ({ entityId }) as NetworkProfile;

describe('network session watcher', () => {
  it('emits detected, changed and signed-out as the network session changes', async () => {
    const answers: (NetworkProfile | null | Error)[] = [
      null,
      profile('A'),
      profile('A'),
      new AgentError('BadGateway', 'flaky'),
      profile('B'),
      null,
      null,
    ];
    const events = createBridgeEventEmitter();
    const seen: BridgeEvent[] = [];
    events.subscribe((event) => seen.push(event));
    const ticks: (() => void)[] = [];
    const watcher = createNetworkSessionWatcher({
      events,
      intervalMs: 5000,
      timer: {
        setInterval: (callback, milliseconds) => {
          expect(milliseconds).toBe(5000);
          ticks.push(callback);
          return 1;
        },
        clearInterval: () => ticks.splice(0),
      },
      network: {
        getMyProfile: async () => {
          const answer = answers.shift();
          if (answer instanceof Error) throw answer;
          return answer ?? null;
        },
        getProfile: async () => profile('x'),
      },
    });
    watcher.start();
    await watcher.check();
    for (let tick = 0; tick < 5; tick += 1) await watcher.check();
    expect(
      seen.map((event) => [event.event, (event.payload as { profile?: NetworkProfile }).profile?.entityId]),
    ).toEqual([
      ['networkProfileDetected', 'A'],
      ['networkProfileChanged', 'B'],
      ['networkSignedOut', undefined],
    ]);
    expect(ticks).toHaveLength(1);
    watcher.stop();
    expect(ticks).toHaveLength(0);
  });
});
