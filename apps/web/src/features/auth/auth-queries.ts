import type { AppProfile, NetworkProfile } from '@outpilot/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Bridge } from '../../bridge/bridge.ts';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { isBridgeError } from '../../bridge/bridge-error.ts';

export const authQueryKeys = {
  extension: ['auth', 'extension-installed'] as const,
  profile: ['auth', 'profile'] as const,
  networkProfile: ['auth', 'network-profile'] as const,
};

/** The app profile, or null when the user is not signed in (NotAuthenticated / NotAuthorized). */
export async function fetchProfile(bridge: Bridge): Promise<AppProfile | null> {
  try {
    return await bridge.send('api', 'getMyProfile', {});
  } catch (error) {
    if (isBridgeError(error, 'NotAuthenticated') || isBridgeError(error, 'NotAuthorized')) return null;
    throw error;
  }
}

/** The network account the browser is signed in to, or null when there is none or it cannot be read. */
export async function fetchNetworkProfile(bridge: Bridge): Promise<NetworkProfile | null> {
  try {
    return await bridge.send('network', 'getMyProfile', {});
  } catch {
    return null;
  }
}

export function useExtensionInstalled() {
  const bridge = useBridge();
  return useQuery({
    queryKey: authQueryKeys.extension,
    queryFn: () => bridge.isInstalled(),
    staleTime: Infinity,
  });
}

export function useProfile(enabled = true) {
  const bridge = useBridge();
  return useQuery({ queryKey: authQueryKeys.profile, queryFn: () => fetchProfile(bridge), enabled });
}

export function useNetworkProfile(enabled = true) {
  const bridge = useBridge();
  return useQuery({
    queryKey: authQueryKeys.networkProfile,
    queryFn: () => fetchNetworkProfile(bridge),
    enabled,
  });
}

export function readCachedProfile(queryClient: QueryClient): AppProfile | null | undefined {
  return queryClient.getQueryData<AppProfile | null>(authQueryKeys.profile);
}
