import type { Clock } from '@outpilot/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { signWebhook, webhookSignatureHeader } from '../billing/webhook-signature.ts';
import type { Database } from '../db/create-database.ts';
import { type SandboxLedger, SandboxRequestError, sandboxLedger } from './sandbox-ledger.ts';
import {
  renderAuthenticationPage,
  renderCheckoutPage,
  renderGonePage,
  renderInvoicePage,
  renderPortalPage,
} from './sandbox-pages.ts';
import { type SandboxEvent, sandboxRecords } from './sandbox-records.ts';

export type SandboxPaymentsOptions = {
  prefix: string;
  /** The server's public URL: the customer's pages are under it. */
  publicUrl: string;
  /** The merchant's secret API key (Bearer). */
  secretKey: string;
  /** Signs each webhook delivery. */
  webhookSecret: string;
  webhookUrl: string;
  db: Database;
  clock: Clock;
  /** Every event is delivered a second time, as real providers sometimes do (default true). */
  duplicateDeliveries?: boolean;
  /** Waits between delivery attempts of a refused webhook (real milliseconds). */
  retryDelaysMs?: readonly number[];
  /** How often due renewals are looked for (real milliseconds); 0 = never (tests call processDue). */
  renewalIntervalMs?: number;
};

const defaultRetryDelaysMs = [1_000, 5_000, 30_000, 120_000, 600_000];

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').send(body);

/** The provider's error body: `{ error: { type, code, message, param } }`. */
const fail = (reply: FastifyReply, status: number, code: string, message: string, param?: string) =>
  reply
    .status(status)
    .send({ error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } });

const checkoutBodySchema = z.object({
  plan_id: z.string().min(1),
  unit_amount: z.number().int().positive(),
  quantity: z.number().int().positive(),
  coupon: z.string().optional(),
  customer_email: z.string().min(1),
  customer_name: z.string(),
  billing_country: z.string().length(2),
  metadata: z.record(z.string(), z.string()),
  success_url: z.string().url(),
  cancel_url: z.string().url(),
});
const subscriptionUpdateSchema = z.object({
  plan_id: z.string().min(1).optional(),
  unit_amount: z.number().int().positive().optional(),
  cancel_at_period_end: z.boolean().optional(),
});
const portalBodySchema = z.object({ customer: z.string().min(1), return_url: z.string().url() });
const cardFormSchema = z.object({
  number: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
  name: z.string().default(''),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * A sandbox payment provider behind HTTP calls shaped like Stripe's: a secret key, checkout
 * sessions paid on a hosted page with test cards, subscriptions that renew on the server's clock,
 * prorated plan changes, cancel at period end, a management page, and events delivered to the
 * merchant's webhook signed with a shared secret, retried while refused and sometimes twice.
 */
export async function registerSandboxPayments(
  app: FastifyInstance,
  options: SandboxPaymentsOptions,
): Promise<SandboxLedger> {
  const pagesBase = `${options.publicUrl}${options.prefix}`;
  const retryDelays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const later = (ms: number, run: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  // Deliveries to one merchant go out one at a time, in the order the events happened.
  let queue: Promise<void> = Promise.resolve();
  const attempt = async (event: SandboxEvent, attemptIndex: number) => {
    const body = JSON.stringify(event);
    const delivered = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [webhookSignatureHeader]: signWebhook(options.webhookSecret, body, options.clock.now()),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => response.ok)
      .catch(() => false);
    if (!delivered) {
      const delay = retryDelays[attemptIndex];
      if (delay !== undefined) later(delay, () => enqueue(event, attemptIndex + 1));
      else app.log.warn({ eventId: event.id }, 'sandbox payments: webhook delivery given up');
    }
  };
  const enqueue = (event: SandboxEvent, attemptIndex: number) => {
    if (closed) return;
    queue = queue.then(() => attempt(event, attemptIndex));
  };
  const emit = (event: SandboxEvent) => {
    enqueue(event, 0);
    if (options.duplicateDeliveries ?? true) enqueue(event, retryDelays.length);
  };

  const ledger = sandboxLedger(sandboxRecords(options.db), options.clock, emit);

  if ((options.renewalIntervalMs ?? 1_000) > 0) {
    const interval = setInterval(() => {
      ledger
        .processDue()
        .catch((error: unknown) => app.log.error({ err: error }, 'sandbox payments: renewals failed'));
    }, options.renewalIntervalMs ?? 1_000);
    interval.unref();
    app.addHook('onClose', async () => clearInterval(interval));
  }
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    await queue;
  });

  await app.register(
    async (provider) => {
      provider.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      provider.setErrorHandler((error, _request, reply) => {
        if (error instanceof SandboxRequestError)
          return fail(reply, error.status, error.code, error.message, error.param);
        if (error instanceof z.ZodError) {
          const issue = error.issues[0];
          return fail(
            reply,
            400,
            'parameter_invalid',
            issue?.message ?? 'Invalid request',
            issue?.path.join('.'),
          );
        }
        app.log.error({ err: error }, 'sandbox payments failed');
        return reply.status(500).send({ error: { type: 'api_error', message: 'An unknown error occurred' } });
      });

      // The merchant API: the secret key, JSON in and out.
      await provider.register(async (api) => {
        api.addHook('onRequest', async (request, reply) => {
          if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
            return reply.status(401).send({
              error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
            });
          }
        });
        api.post('/v1/checkout/sessions', { schema: { hide: true } }, async (request) => {
          const body = checkoutBodySchema.parse(request.body);
          const session = await ledger.createCheckoutSession(body);
          return { ...session, url: `${pagesBase}/pay/${session.id}` };
        });
        api.get('/v1/checkout/sessions/:id', { schema: { hide: true } }, async (request) =>
          ledger.getCheckoutSession(idParams.parse(request.params).id),
        );
        api.get('/v1/subscriptions/:id', { schema: { hide: true } }, async (request) =>
          ledger.getSubscription(idParams.parse(request.params).id),
        );
        api.post('/v1/subscriptions/:id', { schema: { hide: true } }, async (request) =>
          ledger.updateSubscription(
            idParams.parse(request.params).id,
            subscriptionUpdateSchema.parse(request.body),
          ),
        );
        api.post('/v1/billing_portal/sessions', { schema: { hide: true } }, async (request) => {
          const body = portalBodySchema.parse(request.body);
          const session = await ledger.createPortalSession(body.customer, body.return_url);
          return { ...session, url: `${pagesBase}/portal/${session.id}` };
        });
        api.get('/v1/invoices', { schema: { hide: true } }, async (request) => {
          const { customer } = z.object({ customer: z.string().min(1) }).parse(request.query);
          const invoices = await ledger.listInvoices(customer);
          return {
            data: invoices.map((invoice) => ({
              ...invoice,
              hosted_invoice_url: `${pagesBase}/invoices/${invoice.id}`,
            })),
          };
        });
      });

      // The customer's pages: hosted checkout, payment confirmation, management page, invoices.
      provider.get('/pay/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const session = await ledger.getCheckoutSession(id).catch(() => null);
        if (!session) return html(reply, renderGonePage(), 404);
        return html(reply, renderCheckoutPage({ session, action: `${options.prefix}/pay/${id}` }));
      });
      provider.post('/pay/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const outcome = await ledger.pay(id, cardFormSchema.parse(request.body ?? {})).catch(() => null);
        return payOutcome(reply, id, outcome);
      });
      provider.get('/pay/:id/authenticate', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        return html(reply, renderAuthenticationPage(`${options.prefix}/pay/${id}/authenticate`));
      });
      provider.post('/pay/:id/authenticate', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const { result } = z.object({ result: z.string().default('fail') }).parse(request.body ?? {});
        const outcome = await ledger.authenticate(id, result === 'complete').catch(() => null);
        return payOutcome(reply, id, outcome);
      });
      provider.get('/portal/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const saved = (request.query as { saved?: string }).saved === '1';
        return portalPage(reply, id, saved ? { saved } : {});
      });
      provider.post('/portal/:id', { schema: { hide: true } }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const problem = await ledger.replaceCard(id, cardFormSchema.parse(request.body ?? {}));
        if (problem) return portalPage(reply, id, { error: problem }, 402);
        return reply.redirect(`${options.prefix}/portal/${id}?saved=1`, 303);
      });
      provider.get('/invoices/:id', { schema: { hide: true } }, async (request, reply) => {
        const invoice = await ledger.getInvoice(idParams.parse(request.params).id);
        return invoice ? html(reply, renderInvoicePage(invoice)) : html(reply, renderGonePage(), 404);
      });
    },
    { prefix: options.prefix },
  );

  async function payOutcome(
    reply: FastifyReply,
    id: string,
    outcome: Awaited<ReturnType<SandboxLedger['pay']>> | null,
  ) {
    if (!outcome) return html(reply, renderGonePage(), 404);
    if (outcome.kind === 'paid') return reply.redirect(outcome.redirect, 303);
    if (outcome.kind === 'needsAuthentication')
      return reply.redirect(`${options.prefix}/pay/${id}/authenticate`, 303);
    const session = await ledger.getCheckoutSession(id);
    return html(
      reply,
      renderCheckoutPage({ session, action: `${options.prefix}/pay/${id}`, error: outcome.message }),
      402,
    );
  }

  async function portalPage(
    reply: FastifyReply,
    id: string,
    extra: { error?: string; saved?: boolean },
    status = 200,
  ) {
    const found = await ledger.portal(id).catch(() => null);
    if (!found) return html(reply, renderGonePage(), 404);
    return html(
      reply,
      renderPortalPage({
        customer: found.customer,
        invoices: found.invoices,
        action: `${options.prefix}/portal/${id}`,
        returnUrl: found.session.return_url,
        invoiceUrl: (invoiceId) => `${options.prefix}/invoices/${invoiceId}`,
        ...extra,
      }),
      status,
    );
  }

  return ledger;
}
