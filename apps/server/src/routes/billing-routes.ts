import { billingEndpoints, paymentsWebhookEndpoint } from '@outpilot/contracts';
import type { AuthContext } from '../auth/authenticate.ts';
import {
  changePlan,
  getManagementUrl,
  getSubscription,
  listInvoices,
  setCancellation,
  startCheckout,
  syncOrder,
} from '../billing/billing-commands.ts';
import { handlePaymentWebhook } from '../billing/handle-payment-webhook.ts';
import { webhookSignatureHeader } from '../billing/stripe-payments.ts';
import type { AppDeps } from '../deps.ts';
import { routesOf } from './register-endpoints.ts';

const callerOf = (auth: AuthContext) => ({ userId: auth.userId, personaId: auth.personaId });

/** Subscription and billing calls of seed 000 §7. */
export const billingRoutes = (deps: AppDeps) =>
  routesOf(billingEndpoints, {
    subscription: ({ auth }) => getSubscription(deps, callerOf(auth)),
    checkout: ({ auth, body }) => startCheckout(deps, callerOf(auth), body),
    ordersSync: ({ auth, body }) => syncOrder(deps, callerOf(auth), body),
    upgrade: ({ auth, body }) => changePlan(deps, callerOf(auth), body),
    cancel: ({ auth }) => setCancellation(deps, callerOf(auth), true),
    resume: ({ auth }) => setCancellation(deps, callerOf(auth), false),
    managementUrl: ({ auth }) => getManagementUrl(deps, callerOf(auth)),
    invoices: ({ auth }) => listInvoices(deps, callerOf(auth)),
  });

/** The payment provider's webhook reads its body as the exact text the provider signed. */
export const paymentsWebhookRoutes = (deps: AppDeps) =>
  routesOf(
    paymentsWebhookEndpoint,
    {
      paymentsWebhook: ({ request }) =>
        handlePaymentWebhook(deps, {
          rawBody: typeof request.body === 'string' ? request.body : '',
          signature: request.headers[webhookSignatureHeader]?.toString(),
        }),
    },
    (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
    },
  );
