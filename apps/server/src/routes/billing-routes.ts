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
import { refuseMemberSession, refuseTeamPaidSubscription } from '../team/refuse-member-session.ts';
import { routesOf } from './register-endpoints.ts';

const callerOf = (auth: AuthContext) => ({ userId: auth.userId, personaId: auth.personaId });

/** The caller of a call that pays or changes the subscription: never a member session (403). */
const payerOf = (auth: AuthContext) => {
  refuseMemberSession(auth);
  return callerOf(auth);
};

/** The caller of a change to a paid plan: its payer, never a member session (403). */
const planPayerOf = async (deps: AppDeps, auth: AuthContext) => {
  await refuseTeamPaidSubscription(deps, auth);
  return callerOf(auth);
};

/** Subscription and billing calls of seed 000 §7. */
export const billingRoutes = (deps: AppDeps) =>
  routesOf(billingEndpoints, {
    subscription: ({ auth }) => getSubscription(deps, callerOf(auth)),
    checkout: ({ auth, body }) => startCheckout(deps, payerOf(auth), body),
    ordersSync: ({ auth, body }) => syncOrder(deps, payerOf(auth), body),
    upgrade: async ({ auth, body }) => changePlan(deps, await planPayerOf(deps, auth), body),
    cancel: async ({ auth }) => setCancellation(deps, await planPayerOf(deps, auth), true),
    resume: async ({ auth }) => setCancellation(deps, await planPayerOf(deps, auth), false),
    managementUrl: async ({ auth }) => getManagementUrl(deps, await planPayerOf(deps, auth)),
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
