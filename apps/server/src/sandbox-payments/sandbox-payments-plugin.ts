import type { Clock } from '@outpilot/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import Stripe from 'stripe';
import { z } from 'zod';
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
import {
  checkoutCreateParams,
  customerCreateParams,
  invoiceListParams,
  portalCreateParams,
  presentCheckoutSession,
  presentCustomer,
  presentEvent,
  presentInvoice,
  presentPortalSession,
  presentProduct,
  presentSubscription,
  productCreateParams,
  retrieveParams,
  subscriptionUpdateParams,
} from './stripe-shapes.ts';

export type SandboxPaymentsOptions = {
  /** Where the customer's pages are; the merchant API is at /v1, where Stripe's clients call it. */
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

const cardFormSchema = z.object({
  number: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
  name: z.string().default(''),
});
const idParams = z.object({ id: z.string().min(1).max(100) });
const missing = (kind: string, id: string, param: string) =>
  new SandboxRequestError(404, 'resource_missing', `No such ${kind}: '${id}'`, param);

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
    const body = JSON.stringify(presentEvent(event, presentObject(event)));
    const delivered = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        // Stripe's scheme, signed by Stripe's own code, at the provider's (possibly virtual) time.
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: options.webhookSecret,
          timestamp: Math.floor(options.clock.now().getTime() / 1000),
        }),
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
  const checkoutPage = (id: string) => `${pagesBase}/pay/${id}`;
  const invoicePage = (id: string) => `${pagesBase}/invoices/${id}`;
  /** An event's object as Stripe shows it; the kind is in the event type's first word. */
  function presentObject(event: SandboxEvent): unknown {
    const object = event.data.object;
    if (event.type.startsWith('customer.subscription.'))
      return presentSubscription(object as Parameters<typeof presentSubscription>[0]);
    if (event.type.startsWith('invoice.')) {
      const invoice = object as Parameters<typeof presentInvoice>[0];
      return presentInvoice(invoice, invoicePage(invoice.id));
    }
    if (event.type.startsWith('checkout.session.')) {
      const session = object as Parameters<typeof presentCheckoutSession>[0];
      return presentCheckoutSession(session, checkoutPage(session.id));
    }
    return object;
  }

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

  const errorHandler = (error: unknown, reply: FastifyReply) => {
    if (error instanceof SandboxRequestError)
      return fail(reply, error.status, error.code, error.message, error.param);
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      if (issue?.code === 'unrecognized_keys') {
        const name = [...issue.path, issue.keys[0]].map(String).join('.');
        return fail(reply, 400, 'parameter_unknown', `Received unknown parameter: ${name}`, name);
      }
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
  };
  /** Form bodies and query strings with Stripe's brackets (`line_items[0][price_data][unit_amount]`). */
  const parseForm = (text: string) => qs.parse(text, { depth: 5, arrayLimit: 20, parameterLimit: 200 });
  const queryOf = (request: FastifyRequest) => parseForm(request.url.split('?')[1] ?? '');

  // The merchant API, where Stripe's clients call it (/v1): the secret key, form-encoded parameters
  // in, Stripe's objects and errors out.
  await app.register(async (api) => {
    api.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, parseForm(String(body))),
    );
    api.setErrorHandler((error, _request, reply) => errorHandler(error, reply));
    api.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return reply.status(401).send({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
    });
    const bodyOf = (request: FastifyRequest) => request.body ?? {};
    api.post('/v1/products', { schema: { hide: true } }, async (request) =>
      presentProduct(await ledger.createProduct(productCreateParams.parse(bodyOf(request)))),
    );
    api.get('/v1/products/:id', { schema: { hide: true } }, async (request) => {
      retrieveParams.parse(queryOf(request));
      return presentProduct(await ledger.getProduct(idParams.parse(request.params).id));
    });
    api.post('/v1/customers', { schema: { hide: true } }, async (request) => {
      const params = customerCreateParams.parse(bodyOf(request));
      return presentCustomer(
        await ledger.createCustomer({
          email: params.email,
          name: params.name,
          country: params.address?.country ?? '',
          metadata: params.metadata,
        }),
      );
    });
    api.post('/v1/checkout/sessions', { schema: { hide: true } }, async (request) => {
      const params = checkoutCreateParams.parse(bodyOf(request));
      const [item] = params.line_items;
      if (!item) throw new SandboxRequestError(400, 'parameter_missing', 'Missing line_items', 'line_items');
      const session = await ledger.createCheckoutSession({
        product: item.price_data.product,
        unit_amount: item.price_data.unit_amount,
        quantity: item.quantity,
        coupon: params.discounts?.[0]?.coupon,
        customer: params.customer,
        customer_email: params.customer_email,
        metadata: params.metadata,
        subscription_metadata: params.subscription_data?.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url,
      });
      return presentCheckoutSession(session, checkoutPage(session.id));
    });
    api.get('/v1/checkout/sessions/:id', { schema: { hide: true } }, async (request) => {
      retrieveParams.parse(queryOf(request));
      const { id } = idParams.parse(request.params);
      return presentCheckoutSession(await ledger.getCheckoutSession(id), checkoutPage(id));
    });
    api.get('/v1/subscriptions/:id', { schema: { hide: true } }, async (request) => {
      const { expand } = retrieveParams.parse(queryOf(request));
      return presentSubscription(await ledger.getSubscription(idParams.parse(request.params).id), expand);
    });
    api.post('/v1/subscriptions/:id', { schema: { hide: true } }, async (request) => {
      const { id } = idParams.parse(request.params);
      const params = subscriptionUpdateParams.parse(bodyOf(request));
      const item = params.items?.[0];
      if (item && item.id !== `si_${id.slice(4)}`)
        throw missing('subscription item', item.id, 'items[0][id]');
      const updated = await ledger.updateSubscription(id, {
        cancel_at_period_end: params.cancel_at_period_end,
        product: item?.price_data.product,
        unit_amount: item?.price_data.unit_amount,
        metadata: params.metadata,
      });
      return presentSubscription(updated, params.expand);
    });
    api.delete('/v1/subscriptions/:id', { schema: { hide: true } }, async (request) => {
      const { expand } = retrieveParams.parse(queryOf(request));
      return presentSubscription(await ledger.cancelSubscription(idParams.parse(request.params).id), expand);
    });
    api.post('/v1/billing_portal/sessions', { schema: { hide: true } }, async (request) => {
      const params = portalCreateParams.parse(bodyOf(request));
      const session = await ledger.createPortalSession(params.customer, params.return_url);
      return presentPortalSession(session, `${pagesBase}/portal/${session.id}`);
    });
    api.get('/v1/invoices', { schema: { hide: true } }, async (request) => {
      const params = invoiceListParams.parse(queryOf(request));
      const invoices = await ledger.listInvoices(params.customer);
      return {
        object: 'list',
        data: invoices
          .slice(0, params.limit)
          .map((invoice) => presentInvoice(invoice, invoicePage(invoice.id))),
        has_more: invoices.length > params.limit,
        url: '/v1/invoices',
      };
    });
  });

  await app.register(
    async (provider) => {
      provider.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      provider.setErrorHandler((error, _request, reply) => errorHandler(error, reply));

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
