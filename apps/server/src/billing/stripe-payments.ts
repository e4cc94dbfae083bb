import { type PlanId, planCatalogue, planIdSchema } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import Stripe from 'stripe';
import { AppError } from '../errors.ts';
import {
  CouponNotFoundError,
  type PaymentsPort,
  type ProviderCheckout,
  type ProviderInvoice,
  type ProviderSubscription,
  WebhookSignatureError,
} from './payments-port.ts';

export type PaymentsSettings = {
  /** embedded = the sandbox provider this server mounts; external = Stripe (or another Stripe-compatible API). */
  mode: 'embedded' | 'external';
  /** The API's origin: https://api.stripe.com in production, this server's own in embedded mode. */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
};

/** A delivery signed longer ago than this is refused: a captured request cannot be replayed later. */
export const webhookToleranceSeconds = 300;
export const webhookSignatureHeader = 'stripe-signature';

const requestTimeoutMs = 10_000;
const currency = 'usd';

const unavailable = (cause: unknown) =>
  new AppError(502, 'BadGateway', 'The payment provider is unavailable, try again later', { cause });

/** Each plan is one product at the provider, with a fixed id; its price comes from our catalogue. */
const productPrefix = 'outpilot_';
const productIdOf = (planId: PlanId) => `${productPrefix}${planId}`;
function planIdOfProduct(product: string | { id: string }): PlanId {
  const id = typeof product === 'string' ? product : product.id;
  const planId = planIdSchema.safeParse(id.startsWith(productPrefix) ? id.slice(productPrefix.length) : '');
  if (!planId.success) throw unavailable(new Error(`The provider's product ${id} is none of our plans`));
  return planId.data;
}

const isMissing = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError && error.statusCode === 404 && error.code === 'resource_missing';

/** What the provider's errors mean to the app: a missing coupon, a missing object, or a 502. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error) && error.param?.includes('coupon')) throw new CouponNotFoundError(error.message);
    if (error instanceof AppError) throw error;
    throw unavailable(error);
  }
}

function statusOf(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid' || status === 'incomplete' || status === 'paused')
    return 'past_due';
  return 'canceled';
}

function percentOffOf(subscription: Stripe.Subscription): number {
  let percentOff = 0;
  for (const discount of subscription.discounts) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source.coupon;
    if (coupon && typeof coupon !== 'string') percentOff += coupon.percent_off ?? 0;
  }
  return Math.min(100, percentOff);
}

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw unavailable(new Error(`The subscription ${subscription.id} has no item`));
  const baseAmount = item.price.unit_amount ?? 0;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    planId: planIdOfProduct(item.price.product),
    status: statusOf(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    startedAt: new Date(subscription.start_date * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    unitAmountCents: Math.round((baseAmount * (100 - percentOffOf(subscription))) / 100),
    baseAmountCents: baseAmount,
    personaId: subscription.metadata.personaId ?? '',
    ownerId: subscription.metadata.ownerId ?? subscription.metadata.personaId ?? '',
  };
}

/** The coupon's discount is read with the subscription, to tell the price paid from the catalogue's. */
const subscriptionExpand = ['discounts.source.coupon'];

// Stripe's enums are open (a newer API may add values): anything else reads as still open.
const invoiceStatuses: readonly string[] = [
  'paid',
  'void',
  'uncollectible',
] satisfies ProviderInvoice['status'][];
const invoiceStatusOf = (status: string | null) =>
  (status && invoiceStatuses.includes(status) ? status : 'open') as ProviderInvoice['status'];
const checkoutStatuses: readonly string[] = ['complete', 'expired'] satisfies ProviderCheckout['status'][];
const checkoutStatusOf = (status: string | null) =>
  (status && checkoutStatuses.includes(status) ? status : 'open') as ProviderCheckout['status'];

/**
 * The payment provider through Stripe's own client (`stripe`): Checkout Sessions, the Billing
 * Portal, subscriptions updated with proration, invoices, webhooks checked with
 * `webhooks.constructEvent`. In production it speaks to api.stripe.com; in embedded mode to the
 * sandbox provider this server mounts, which answers the same API (host, port and protocol are the
 * client's own options). Failures become the app's errors: an unknown coupon CouponNotFoundError, a
 * missing checkout null, anything else 502.
 */
export function createStripePayments(
  settings: Pick<PaymentsSettings, 'apiUrl' | 'secretKey' | 'webhookSecret'>,
  clock: Clock,
): PaymentsPort {
  const api = new URL(settings.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: requestTimeoutMs,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Outpilot' },
  });

  // Products are created once, with our ids, the first time a plan is sold or switched to.
  const knownProducts = new Set<string>();
  async function ensureProduct(planId: PlanId): Promise<string> {
    const id = productIdOf(planId);
    if (knownProducts.has(id)) return id;
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await stripe.products
        .create({ id, name: `Outpilot ${planCatalogue[planId].NAME}`, metadata: { plan_id: planId } })
        .catch((created: unknown) => {
          // Another server created it in the meantime.
          if (!(created instanceof Stripe.errors.StripeError && created.code === 'resource_already_exists'))
            throw created;
        });
    }
    knownProducts.add(id);
    return id;
  }
  const monthlyPrice = (product: string, unitAmountCents: number) => ({
    currency,
    product,
    unit_amount: unitAmountCents,
    recurring: { interval: 'month' as const },
  });

  return {
    createCheckout: (input) =>
      guarded(async () => {
        const product = await ensureProduct(input.planId);
        // §3's payment contact: the customer, with the billing country, before the checkout.
        const customer = await stripe.customers.create({
          email: input.paymentContact.email,
          name: `${input.paymentContact.firstName} ${input.paymentContact.lastName}`.trim(),
          address: { country: input.paymentContact.country },
          metadata: input.tags,
        });
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customer.id,
          line_items: [
            { price_data: monthlyPrice(product, input.unitAmountCents), quantity: input.quantity },
          ],
          ...(input.coupon === undefined ? {} : { discounts: [{ coupon: input.coupon }] }),
          metadata: input.tags,
          subscription_data: { metadata: input.tags },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        return { id: session.id, url: session.url ?? '' };
      }),
    getCheckout: (id) =>
      guarded(async () => {
        const session = await stripe.checkout.sessions.retrieve(id).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!session) return null;
        return {
          id: session.id,
          status: checkoutStatusOf(session.status),
          subscriptionId:
            typeof session.subscription === 'string'
              ? session.subscription
              : (session.subscription?.id ?? null),
          personaId: session.metadata?.personaId ?? '',
        };
      }),
    getSubscription: (id) =>
      guarded(async () =>
        toSubscription(await stripe.subscriptions.retrieve(id, { expand: subscriptionExpand })),
      ),
    changePlan: (id, plan) =>
      guarded(async () => {
        const product = await ensureProduct(plan.planId);
        const current = await stripe.subscriptions.retrieve(id);
        const item = current.items.data[0];
        if (!item) throw unavailable(new Error(`The subscription ${id} has no item`));
        // always_invoice: an upgrade's difference for the rest of the period is charged now, a
        // downgrade's becomes the customer's credit for the next invoices.
        return toSubscription(
          await stripe.subscriptions.update(id, {
            items: [{ id: item.id, price_data: monthlyPrice(product, plan.unitAmountCents) }],
            proration_behavior: 'always_invoice',
            expand: subscriptionExpand,
          }),
        );
      }),
    setCancelAtPeriodEnd: (id, cancel) =>
      guarded(async () =>
        toSubscription(
          await stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: subscriptionExpand }),
        ),
      ),
    // Stripe stops collecting the ended subscription's open invoices itself.
    cancelNow: (id) =>
      guarded(async () =>
        toSubscription(await stripe.subscriptions.cancel(id, { expand: subscriptionExpand })),
      ),
    createManagementUrl: (customerId, returnUrl) =>
      guarded(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),
    listInvoices: (customerId) =>
      guarded(async () => {
        const invoices = await stripe.invoices.list({ customer: customerId, limit: 100 });
        return invoices.data.map((invoice) => ({
          id: invoice.id ?? '',
          created: new Date(invoice.created * 1000),
          amountCents: invoice.amount_due,
          status: invoiceStatusOf(invoice.status),
          url: invoice.hosted_invoice_url ?? '',
        }));
      }),
    verifyWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        // The age is measured on the server's clock (the provider's in embedded mode, possibly
        // virtual); the client takes that moment in milliseconds.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader ?? '',
          settings.webhookSecret,
          webhookToleranceSeconds,
          undefined,
          clock.now().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(String(error));
      }
      return {
        id: event.id,
        type: event.type,
        subscriptionId: subscriptionOfEvent(event),
        checkoutId: checkoutOfEvent(event),
      };
    },
  };
}

/** The checkout an event is about (checkout.session.*), else null. */
function checkoutOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  return event.type.startsWith('checkout.session.') && typeof object.id === 'string' ? object.id : null;
}

/** The subscription an event is about: the subscription itself, a checkout's or an invoice's. */
function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.') && typeof object.id === 'string') return object.id;
  if (typeof object.subscription === 'string') return object.subscription;
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const fromInvoice = parent?.subscription_details?.subscription;
  return typeof fromInvoice === 'string' ? fromInvoice : null;
}
