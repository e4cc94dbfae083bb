import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { authQueryKeys, readCachedProfile } from './auth-queries.ts';

/** Reacts to the extension events of seed 000 §4. */
export function useBridgeEvents(): void {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bridge.onEvent(({ event }) => {
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
        }
      }),
    [bridge, queryClient],
  );
}
