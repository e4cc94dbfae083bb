import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useNotify } from '../notices/use-notify.tsx';

/** Signs out through the bridge, then forgets all server state so the gate shows the sign-in step. */
export function useSignOut() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const { notifyError } = useNotify();
  return useMutation({
    mutationFn: () => bridge.send('auth', 'signOut', {}),
    onSuccess: () => queryClient.resetQueries(),
    onError: notifyError,
  });
}
