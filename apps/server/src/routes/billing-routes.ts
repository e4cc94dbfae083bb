import {
  billingPaths,
  checkoutRequestSchema,
  checkoutResponseSchema,
  errorBodySchema,
  invoicesResponseSchema,
  managementUrlResponseSchema,
  ordersSyncRequestSchema,
  subscriptionResponseSchema,
  upgradeRequestSchema,
} from '@outpilot/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { webhookSignatureHeader } from '../billing/webhook-signature.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['billing'];
const security = [{ bearer: [] }];
const changeAnswers = {
  200: subscriptionResponseSchema,
  403: errorBodySchema,
  422: errorBodySchema,
  502: errorBodySchema,
};

const callerOf = (request: FastifyRequest) => {
  const auth = authOf(request);
  return { userId: auth.userId, personaId: auth.personaId };
};

/** Subscription and billing calls of seed 000 §7, plus the payment provider's webhook. */
export const billingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    billingPaths.subscription,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The subscription: the paid plan as the payment provider reports it, else the trial',
        response: { 200: subscriptionResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => getSubscription(deps, callerOf(request)),
  );

  app.post(
    billingPaths.checkout,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Open the payment provider's hosted checkout for a plan at the catalogue's price",
        body: checkoutRequestSchema,
        response: {
          200: checkoutResponseSchema,
          403: errorBodySchema,
          422: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    (request) => startCheckout(deps, callerOf(request), request.body),
  );

  app.post(
    billingPaths.ordersSync,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Synchronise a completed checkout into the subscription',
        body: ordersSyncRequestSchema,
        response: { ...changeAnswers, 404: errorBodySchema },
      },
    },
    (request) => syncOrder(deps, callerOf(request), request.body),
  );

  app.put(
    billingPaths.upgrade,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Move the paid subscription to another plan now (prorated)',
        body: upgradeRequestSchema,
        response: changeAnswers,
      },
    },
    (request) => changePlan(deps, callerOf(request), request.body),
  );

  app.put(
    billingPaths.cancel,
    {
      preHandler: app.requireAuth,
      schema: { tags, security, summary: "Cancel at the period's end", response: changeAnswers },
    },
    (request) => setCancellation(deps, callerOf(request), true),
  );

  app.put(
    billingPaths.resume,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Resume a canceled subscription before its period ends',
        response: changeAnswers,
      },
    },
    (request) => setCancellation(deps, callerOf(request), false),
  );

  app.get(
    billingPaths.managementUrl,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The payment provider's page for payment methods and invoices",
        response: {
          200: managementUrlResponseSchema,
          403: errorBodySchema,
          422: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    (request) => getManagementUrl(deps, callerOf(request)),
  );

  app.get(
    billingPaths.invoices,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The invoices of the paid subscription, newest first',
        response: { 200: invoicesResponseSchema, 403: errorBodySchema, 502: errorBodySchema },
      },
    },
    (request) => listInvoices(deps, callerOf(request)),
  );

  // The webhook reads its body as the exact text the provider signed.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      billingPaths.paymentsWebhook,
      {
        schema: {
          tags,
          summary: "The payment provider's signed events (idempotent by event id)",
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: errorBodySchema,
          },
        },
      },
      (request) =>
        handlePaymentWebhook(deps, {
          rawBody: typeof request.body === 'string' ? request.body : '',
          signature: request.headers[webhookSignatureHeader]?.toString(),
        }),
    );
  });
};
