import type { RunnerState } from '@outpilot/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useUnreadCounters } from '../messaging/use-conversations.ts';
import { useBridgeEvents } from './use-bridge-events.ts';

function UnreadIndicator() {
  useBridgeEvents();
  const counters = useUnreadCounters(true);
  return <p>{counters.data ? `${counters.data.Inbox} unread` : 'loading'}</p>;
}

const runnerState = (lastSyncAt: string | null, lastClaimAt: string): RunnerState => ({
  status: 'running',
  startedAt: '2026-11-27T10:00:00.000Z',
  lastClaimAt,
  lastSyncAt,
  current: null,
  counts: { executed: 0, error: 0, skipped: 0, withdrawn: 0, limit_exceeded: 0 },
  lastError: null,
});

describe('useBridgeEvents', () => {
  it('reloads the inbox when the agent finishes a sync, and not on its other runner changes', async () => {
    const bridge = createFakeBridge({ handlers: { 'api.getToken': tokenHandler } });
    let unread = 0;
    const api = createFakeApi({
      'GET /automation/v1/messaging/unread-conversations-counters': () => ({
        body: { Inbox: unread, Focused: unread, Other: 0 },
      }),
    });
    renderApp({ bridge, fetch: api.fetch, routes: [{ path: '/', element: <UnreadIndicator /> }] });
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    const reads = () =>
      api.calls.filter((call) => call.path === '/automation/v1/messaging/unread-conversations-counters')
        .length;
    const emit = (state: RunnerState) =>
      act(() => {
        bridge.emit({
          channel: 'outpilot-bridge',
          kind: 'event',
          event: 'runnerStateChanged',
          payload: state,
        });
      });

    // A claim without a sync: nothing new from the network.
    emit(runnerState(null, '2026-11-27T10:00:05.000Z'));
    // The sync brought a reply in: the indicator shows it without waiting for the 60 s refresh.
    unread = 1;
    emit(runnerState('2026-11-27T10:00:06.000Z', '2026-11-27T10:00:05.000Z'));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    expect(reads()).toBe(2);
    // The next claims report the same sync: no more reads.
    emit(runnerState('2026-11-27T10:00:06.000Z', '2026-11-27T10:00:10.000Z'));
    emit(runnerState('2026-11-27T10:00:06.000Z', '2026-11-27T10:00:15.000Z'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(2);
    emit(runnerState('2026-11-27T10:01:06.000Z', '2026-11-27T10:01:05.000Z'));
    await waitFor(() => expect(reads()).toBe(3));
  });
});
