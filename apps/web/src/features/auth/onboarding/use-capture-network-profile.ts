import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../../bridge/bridge-context.tsx';

/** Captures the network profile the browser is signed in to (bridge network.getMyProfile); null when none. */
export function useCaptureNetworkProfile() {
  const bridge = useBridge();
  return useMutation({ mutationFn: () => bridge.send('network', 'getMyProfile', {}) });
}
