import { cloudAutomationEndpoints, workspaceEndpoints } from '@outpilot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { authQueryKeys } from '../auth/auth-queries.ts';
import { workspaceQueryKeys } from './workspace-query-keys.ts';

/** GET workspace/automation-mode. */
export function useAutomationMode() {
  const api = useApi();
  return useQuery({
    queryKey: workspaceQueryKeys.automationMode,
    queryFn: ({ signal }) => api.call(workspaceEndpoints.automationMode, undefined, { signal }),
  });
}

/** GET network-account/session: whether the LinkedIn session is kept, and the proxies' countries. */
export function useNetworkSession(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: workspaceQueryKeys.networkSession,
    queryFn: ({ signal }) => api.call(cloudAutomationEndpoints.networkSession, undefined, { signal }),
    enabled,
  });
}

/**
 * Switches between local and cloud automation. With LinkedIn, cloud needs the session: after the
 * consent dialog's 'I agree' (the only caller passing `handOver`), the extension hands it over
 * and the server keeps it; switching back to local deletes it.
 */
export function useSwitchAutomationMode() {
  const api = useApi();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      isCloud: boolean;
      handOver?: { countryCode: string };
      forgetSession?: boolean;
    }) => {
      if (input.handOver) {
        const cookies = await bridge.send('network', 'handOverSession', { consent: true });
        await api.call(cloudAutomationEndpoints.storeNetworkSession, {
          body: { consent: true, country_code: input.handOver.countryCode, cookies },
        });
      }
      if (!input.isCloud && input.forgetSession) {
        await api.call(cloudAutomationEndpoints.deleteNetworkSession);
        return api.call(workspaceEndpoints.automationMode);
      }
      return api.call(cloudAutomationEndpoints.updateAutomationMode, { body: { is_cloud: input.isCloud } });
    },
    onSuccess: (mode) => {
      queryClient.setQueryData(workspaceQueryKeys.automationMode, mode);
      void queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.networkSession });
      void queryClient.invalidateQueries({ queryKey: authQueryKeys.profile });
    },
  });
}
