import { billingEndpoints, type PurchasablePlanId, type SubscriptionResponse } from '@outpilot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client.ts';
import { useApi } from '../../api/api-context.tsx';
import { authQueryKeys } from '../auth/auth-queries.ts';

export const billingQueryKeys = {
  all: ['billing'] as const,
  subscription: ['billing', 'subscription'] as const,
  invoices: ['billing', 'invoices'] as const,
};

/** GET subscription: the paid plan, or the trial. */
export function useSubscription() {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.subscription,
    queryFn: ({ signal }) => api.call(billingEndpoints.subscription, undefined, { signal }),
  });
}

/** GET subscription/invoices (beyond the spec): the invoice history of the paid plan. */
export function useInvoices(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.invoices,
    queryFn: ({ signal }) => api.call(billingEndpoints.invoices, undefined, { signal }),
    enabled,
  });
}

/** After a plan change the subscription is refetched, and the profile (its plan access) with it. */
function useRefetchAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingQueryKeys.all }),
      queryClient.invalidateQueries({ queryKey: authQueryKeys.profile }),
    ]);
}

/** A change call answering the new subscription: cancel, resume, upgrade, orders/sync. */
function useSubscriptionChange<V>(call: (api: ApiClient, variables: V) => Promise<SubscriptionResponse>) {
  const api = useApi();
  const refetch = useRefetchAfterChange();
  return useMutation({
    mutationFn: (variables: V) => call(api, variables),
    onSuccess: refetch,
  });
}

export const useCancelSubscription = () =>
  useSubscriptionChange<void>((api) => api.call(billingEndpoints.cancel));
export const useResumeSubscription = () =>
  useSubscriptionChange<void>((api) => api.call(billingEndpoints.resume));
export const useChangePlan = () =>
  useSubscriptionChange<PurchasablePlanId>((api, planId) =>
    api.call(billingEndpoints.upgrade, { body: { plan_id: planId } }),
  );
export const useSyncOrder = () =>
  useSubscriptionChange<string>((api, checkoutId) =>
    api.call(billingEndpoints.ordersSync, { body: { checkout_id: checkoutId } }),
  );

/** POST checkout, then the browser goes to the provider's hosted checkout page. */
export function useStartCheckout() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { planId: PurchasablePlanId; coupon: string }) =>
      api.call(billingEndpoints.checkout, {
        body: { plan_id: input.planId, ...(input.coupon.trim() ? { coupon: input.coupon.trim() } : {}) },
      }),
    onSuccess: (checkout) => window.location.assign(checkout.url),
  });
}

/**
 * GET subscription/management-url, shown in a new window. The window opens on the click (a window
 * opened after the call returns would be blocked as a pop-up) and is sent to the page once known.
 */
export function useOpenManagementPage() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => {
      const opened = window.open('', '_blank');
      try {
        const { data } = await api.call(billingEndpoints.managementUrl);
        if (opened) opened.location.href = data;
        else window.location.assign(data);
      } catch (error) {
        opened?.close();
        throw error;
      }
    },
  });
}
