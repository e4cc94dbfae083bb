import {
  type ImportRunState,
  importRunStateSchema,
  isImportRunFinished,
  type StartImportRunPayload,
} from '@outpilot/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { contactsQueryKeys } from '../contacts/contacts-query-keys.ts';
import { importsQueryKeys } from './imports-query-keys.ts';

/**
 * Refreshes the contacts and the recent imports when a run ends (§4): completed, failed, or stopped
 * (a stopped run has imported its first pages). Mounted by the contacts screens, so a run that ends
 * after the wizard was closed, or one the agent resumed after a reload, still shows.
 */
export function useRefreshOnImportEnd() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.event !== 'exportStateChanged') return;
        const state = importRunStateSchema.safeParse(event.payload);
        if (state.success && isImportRunFinished(state.data)) {
          void queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all });
          void queryClient.invalidateQueries({ queryKey: importsQueryKeys.recent });
        }
      }),
    [bridge, queryClient],
  );
}

/**
 * The agent's import run (bridge `export` target): its state as the exportStateChanged events
 * report it, and start/stop. State is null before a run.
 */
export function useImportRun() {
  const bridge = useBridge();
  const [state, setState] = useState<ImportRunState | null>(null);

  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.event !== 'exportStateChanged') return;
        const parsed = importRunStateSchema.safeParse(event.payload);
        if (parsed.success) setState(parsed.data);
      }),
    [bridge],
  );

  const readState = useCallback(async () => {
    const current = await bridge.send('export', 'state', {});
    setState(current);
    return current;
  }, [bridge]);

  const start = useCallback(
    async (payload: StartImportRunPayload) => {
      // Events of the new run may arrive before start answers; they win over its 'starting' state.
      setState(null);
      const started = await bridge.send('export', 'start', payload);
      setState((current) => current ?? started);
      return started;
    },
    [bridge],
  );

  const stop = useCallback(async () => {
    const stopped = await bridge.send('export', 'stop', {});
    if (stopped) setState(stopped);
    return stopped;
  }, [bridge]);

  const clear = useCallback(async () => {
    await bridge.send('export', 'clear', {});
    setState(null);
  }, [bridge]);

  return { state, setState, readState, start, stop, clear };
}
