import { type MemberSubscriptionRequest, type TeamNoticeResponse, teamEndpoints } from '@outpilot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ApiClient } from '../../api/api-client.ts';
import { useApi } from '../../api/api-context.tsx';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { authQueryKeys } from '../auth/auth-queries.ts';

export const teamQueryKeys = { members: ['team', 'members'] as const };

/** GET team/personas: members and pending invitations of the user's team. */
export function useTeamMembers(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: teamQueryKeys.members,
    queryFn: ({ signal }) => api.call(teamEndpoints.members, undefined, { signal }),
    enabled,
  });
}

/** Every team call reloads the members (§7) and the profile (its team and role) on success. */
function useTeamChange<V>(call: (api: ApiClient, variables: V) => Promise<TeamNoticeResponse>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(api, variables),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKeys.members }),
        queryClient.invalidateQueries({ queryKey: authQueryKeys.profile }),
      ]),
  });
}

export const useInviteMember = () =>
  useTeamChange<string>((api, email) => api.call(teamEndpoints.invite, { body: { email } }));
export const useAcceptInvitation = () =>
  useTeamChange<string>((api, code) => api.call(teamEndpoints.acceptInvitation, { body: { code } }));
export const useResendInvitation = () =>
  useTeamChange<string>((api, id) => api.call(teamEndpoints.resendInvitation, { params: { id } }));
export const useRemoveMember = () =>
  useTeamChange<string>((api, id) => api.call(teamEndpoints.removeMember, { params: { id } }));
export const useRenameMember = () =>
  useTeamChange<{ id: string; name: string }>((api, { id, name }) =>
    api.call(teamEndpoints.rename, { params: { id }, body: { name } }),
  );

/** Where a member session lands once started, and once stopped (§2). */
const memberSessionLanding = { started: '/campaigns', stopped: '/team/members' };

/** Member subscriptions (§7): the answer is the notice to show; the members reload with the plan. */
export const useSyncMemberSubscription = () =>
  useTeamChange<{ id: string; checkoutId: string }>((api, { id, checkoutId }) =>
    api.call(teamEndpoints.syncMemberSubscription, { params: { id }, body: { checkout_id: checkoutId } }),
  );
export const useUpgradeMemberSubscription = () =>
  useTeamChange<{ id: string; request: MemberSubscriptionRequest }>((api, { id, request }) =>
    api.call(teamEndpoints.upgradeMemberSubscription, { params: { id }, body: request }),
  );
export const useCancelMemberSubscription = () =>
  useTeamChange<string>((api, id) => api.call(teamEndpoints.cancelMemberSubscription, { params: { id } }));
export const useResumeMemberSubscription = () =>
  useTeamChange<string>((api, id) => api.call(teamEndpoints.resumeMemberSubscription, { params: { id } }));

/** Activation (buy) opens the provider's checkout, which the payer pays; it comes back to the members page. */
export function useActivateMemberSubscription() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: MemberSubscriptionRequest }) =>
      api.call(teamEndpoints.activateMemberSubscription, { params: { id }, body: request }),
    onSuccess: (checkout) => window.location.assign(checkout.url),
  });
}

/**
 * Sign in under a member (then /campaigns, §2), or stop that member session (then the members):
 * the bridge swaps the token the app's calls carry, and every cached answer belonged to the other
 * workspace, so all of it is dropped. Navigation happens here, as the screen that asked unmounts.
 * The messaging page's member parameter stays on its own page instead (`landing`).
 */
export function useMemberSession(landing: { started: string; stopped: string } = memberSessionLanding) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: (memberId: string) => bridge.send('api', 'signInAsMember', { memberId }),
    onSuccess: async () => {
      await navigate(landing.started);
      await queryClient.resetQueries();
    },
  });
  const stop = useMutation({
    mutationFn: () => bridge.send('api', 'stopMemberSession', {}),
    onSettled: async () => {
      await navigate(landing.stopped);
      await queryClient.resetQueries();
    },
  });
  return { start, stop };
}
