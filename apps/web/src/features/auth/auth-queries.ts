import type { AppProfile } from '@outpilot/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { fetchNetworkProfile, fetchProfile } from './fetch-auth-facts.ts';

export const authQueryKeys = {
  extension: ['auth', 'extension-installed'] as const,
  profile: ['auth', 'profile'] as const,
  networkProfile: ['auth', 'network-profile'] as const,
};

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
