import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { messagingQueryKeys } from '../messaging/messaging-query-keys.ts';
import { authQueryKeys, readCachedProfile } from './auth-queries.ts';

/** Reacts to the extension events of seed 000 §4, and to the agent's syncs (the inbox refreshes). */
export function useBridgeEvents(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The agent's last sync of connections and conversations, as its runner state last told it.
    let lastSyncAt: string | null = null;
    return bridge.onEvent(({ event, payload }) => {
      switch (event) {
        case 'networkProfileDetected':
        case 'networkSignedOut':
          void queryClient.invalidateQueries({ queryKey: authQueryKeys.networkProfile });
          return;
        case 'networkProfileChanged':
          void queryClient.invalidateQueries({ queryKey: authQueryKeys.networkProfile });
          if (readCachedProfile(queryClient)?.workingHoursSet) {
            void queryClient.invalidateQueries({ queryKey: authQueryKeys.profile });
          }
          return;
        case 'productSignedIn':
          void queryClient.invalidateQueries({ queryKey: ['auth'] });
          return;
        case 'productSignedOut':
          window.location.reload();
          return;
        case 'runnerStateChanged': {
          // A sync ended: what it brought (replies, read marks) shows now, not at the inbox's
          // next 60 s refresh.
          const syncedAt = (payload as { lastSyncAt?: unknown } | null)?.lastSyncAt;
          if (typeof syncedAt !== 'string' || syncedAt === lastSyncAt) return;
          lastSyncAt = syncedAt;
          void queryClient.invalidateQueries({ queryKey: messagingQueryKeys.all });
          return;
        }
      }
    });
  }, [bridge, queryClient]);
}
