import {
  billingPaths,
  checkoutResponseSchema,
  invoicesResponseSchema,
  managementUrlResponseSchema,
  type PurchasablePlanId,
  subscriptionResponseSchema,
} from '@outpilot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
    queryFn: ({ signal }) =>
      api.request({ path: billingPaths.subscription, schema: subscriptionResponseSchema, signal }),
  });
}

/** GET subscription/invoices (beyond the spec): the invoice history of the paid plan. */
export function useInvoices(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: billingQueryKeys.invoices,
    queryFn: ({ signal }) =>
      api.request({ path: billingPaths.invoices, schema: invoicesResponseSchema, signal }),
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
function useSubscriptionChange<V>(
  call: (variables: V) => { method: 'PUT' | 'POST'; path: string; body?: unknown },
) {
  const api = useApi();
  const refetch = useRefetchAfterChange();
  return useMutation({
    mutationFn: (variables: V) => api.request({ ...call(variables), schema: subscriptionResponseSchema }),
    onSuccess: refetch,
  });
}

export const useCancelSubscription = () =>
  useSubscriptionChange<void>(() => ({ method: 'PUT', path: billingPaths.cancel }));
export const useResumeSubscription = () =>
  useSubscriptionChange<void>(() => ({ method: 'PUT', path: billingPaths.resume }));
export const useChangePlan = () =>
  useSubscriptionChange<PurchasablePlanId>((planId) => ({
    method: 'PUT',
    path: billingPaths.upgrade,
    body: { plan_id: planId },
  }));
export const useSyncOrder = () =>
  useSubscriptionChange<string>((checkoutId) => ({
    method: 'POST',
    path: billingPaths.ordersSync,
    body: { checkout_id: checkoutId },
  }));

/** POST checkout, then the browser goes to the provider's hosted checkout page. */
export function useStartCheckout() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { planId: PurchasablePlanId; coupon: string }) =>
      api.request({
        method: 'POST',
        path: billingPaths.checkout,
        body: { plan_id: input.planId, ...(input.coupon.trim() ? { coupon: input.coupon.trim() } : {}) },
        schema: checkoutResponseSchema,
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
        const { data } = await api.request({
          path: billingPaths.managementUrl,
          schema: managementUrlResponseSchema,
        });
        if (opened) opened.location.href = data;
        else window.location.assign(data);
      } catch (error) {
        opened?.close();
        throw error;
      }
    },
  });
}
