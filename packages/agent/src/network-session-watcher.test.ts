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

  it('asks the network nothing while it is not wanted (the app signed out), and again once it is', async () => {
    let wanted = false;
    let asked = 0;
    const seen: BridgeEvent[] = [];
    const events = createBridgeEventEmitter();
    events.subscribe((event) => seen.push(event));
    const watcher = createNetworkSessionWatcher({
      events,
      timer: { setInterval: () => 1, clearInterval: () => undefined },
      isWanted: async () => wanted,
      network: {
        getMyProfile: async () => {
          asked += 1;
          return profile('A');
        },
        getProfile: async () => profile('x'),
      },
    });
    watcher.start();
    for (let tick = 0; tick < 3; tick += 1) await watcher.check();
    expect(asked).toBe(0);
    expect(seen).toEqual([]);
    wanted = true;
    await watcher.check();
    expect(asked).toBe(1);
    expect(seen.map((event) => event.event)).toEqual(['networkProfileDetected']);
  });
});
