import { z } from 'zod';
import type {
  SandboxCheckoutSession,
  SandboxCustomer,
  SandboxEvent,
  SandboxInvoice,
  SandboxPortalSession,
  SandboxProduct,
  SandboxSubscription,
} from './sandbox-records.ts';

/**
 * The sandbox provider's objects as Stripe's API writes them (the fields the app reads and their
 * neighbours): unix-second timestamps, `object` names, a subscription's one item with its price
 * and period, discounts with their coupon, invoices with their subscription as `parent`. The
 * `stripe` package reads these exactly as it reads api.stripe.com's answers.
 */

export const stripeApiVersion = '2026-10-28.endive';
const currency = 'usd';
const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export function presentProduct(product: SandboxProduct) {
  return {
    id: product.id,
    object: 'product',
    active: true,
    name: product.name,
    metadata: product.metadata,
    created: unix(product.created),
    livemode: false,
  };
}

export function presentCustomer(customer: SandboxCustomer) {
  return {
    id: customer.id,
    object: 'customer',
    email: customer.email,
    name: customer.name,
    address: {
      country: customer.country,
      city: null,
      line1: null,
      line2: null,
      postal_code: null,
      state: null,
    },
    // Stripe's balance is what the customer owes: a credit is negative.
    balance: -customer.balance,
    metadata: customer.metadata,
    livemode: false,
  };
}

export function presentCheckoutSession(session: SandboxCheckoutSession, pageUrl: string) {
  const total =
    Math.round((session.unit_amount * (100 - (session.coupon?.percent_off ?? 0))) / 100) * session.quantity;
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: session.status,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    // Stripe answers the hosted page's address only while the session can still be paid.
    url: session.status === 'open' ? pageUrl : null,
    customer: session.customer,
    customer_email: session.customer_email || null,
    subscription: session.subscription,
    metadata: session.metadata,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    currency,
    amount_subtotal: session.unit_amount * session.quantity,
    amount_total: total,
    expires_at: unix(session.expires_at),
    livemode: false,
  };
}

const priceId = (subscription: SandboxSubscription) =>
  `price_${subscription.product}_${subscription.base_amount}`;

function presentDiscounts(subscription: SandboxSubscription, expand: boolean) {
  if (subscription.percent_off === 0) return [];
  const id = `di_${subscription.id.slice(4)}`;
  if (!expand) return [id];
  return [
    {
      id,
      object: 'discount',
      subscription: subscription.id,
      customer: subscription.customer,
      start: unix(subscription.start_date),
      end: null,
      source: {
        type: 'coupon',
        coupon: {
          id: `percent_${subscription.percent_off}`,
          object: 'coupon',
          percent_off: subscription.percent_off,
          duration: 'forever',
          valid: true,
        },
      },
    },
  ];
}

const subscriptionStatus: Record<SandboxSubscription['status'], string> = {
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
};

export function presentSubscription(subscription: SandboxSubscription, expand: readonly string[] = []) {
  const periodStart = unix(subscription.current_period_start);
  const periodEnd = unix(subscription.current_period_end);
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscriptionStatus[subscription.status],
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: subscription.cancel_at_period_end ? periodEnd : null,
    start_date: unix(subscription.start_date),
    created: unix(subscription.start_date),
    billing_cycle_anchor: unix(subscription.start_date),
    ended_at: subscription.status === 'canceled' ? periodEnd : null,
    currency,
    collection_method: 'charge_automatically',
    discounts: presentDiscounts(
      subscription,
      expand.some((path) => path === 'discounts' || path.startsWith('discounts.')),
    ),
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id.slice(4)}`,
          object: 'subscription_item',
          subscription: subscription.id,
          quantity: 1,
          current_period_start: periodStart,
          current_period_end: periodEnd,
          metadata: {},
          price: {
            id: priceId(subscription),
            object: 'price',
            active: true,
            currency,
            product: subscription.product,
            type: 'recurring',
            recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
            unit_amount: subscription.base_amount,
            livemode: false,
          },
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
    metadata: subscription.metadata,
    livemode: false,
  };
}

export function presentInvoice(invoice: SandboxInvoice, hostedUrl: string) {
  return {
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    currency,
    amount_due: invoice.amount_due,
    amount_paid: invoice.status === 'paid' ? invoice.amount_due : 0,
    amount_remaining: invoice.status === 'paid' ? 0 : invoice.amount_due,
    total: invoice.amount_due,
    subtotal: invoice.amount_due,
    status: invoice.status,
    description: invoice.description,
    created: unix(invoice.created),
    hosted_invoice_url: hostedUrl,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: invoice.subscription, metadata: {} },
    },
    livemode: false,
  };
}

export function presentPortalSession(session: SandboxPortalSession, pageUrl: string) {
  return {
    id: session.id,
    object: 'billing_portal.session',
    customer: session.customer,
    return_url: session.return_url,
    url: pageUrl,
    livemode: false,
  };
}

export function presentEvent(event: SandboxEvent, object: unknown) {
  return {
    id: event.id,
    object: 'event',
    api_version: stripeApiVersion,
    created: unix(event.created),
    type: event.type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/* The parameters, form-encoded with brackets as Stripe's clients send them (parsed with qs). */

const metadata = z.record(z.string(), z.string()).default({});
const expand = z.array(z.string()).default([]);
const amount = z.coerce.number().int().positive();
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');
const priceData = z
  .object({
    currency: z.literal(currency),
    product: z.string().min(1),
    unit_amount: amount,
    recurring: z.object({ interval: z.literal('month') }).strict(),
  })
  .strict();

export const productCreateParams = z
  .object({ id: z.string().min(1).max(100).optional(), name: z.string().min(1), metadata, expand })
  .strict();

export const customerCreateParams = z
  .object({
    email: z.string().min(1),
    name: z.string().default(''),
    address: z
      .object({ country: z.string().length(2) })
      .strict()
      .optional(),
    metadata,
    expand,
  })
  .strict();

export const checkoutCreateParams = z
  .object({
    mode: z.literal('subscription'),
    customer: z.string().min(1).optional(),
    customer_email: z.string().min(1).optional(),
    line_items: z
      .array(z.object({ price_data: priceData, quantity: z.coerce.number().int().positive() }).strict())
      .length(1),
    discounts: z
      .array(z.object({ coupon: z.string().min(1) }).strict())
      .max(1)
      .optional(),
    metadata,
    subscription_data: z.object({ metadata }).strict().optional(),
    success_url: z.string().url(),
    cancel_url: z.string().url(),
    expand,
  })
  .strict();

export const subscriptionUpdateParams = z
  .object({
    cancel_at_period_end: bool.optional(),
    items: z
      .array(z.object({ id: z.string().min(1), price_data: priceData }).strict())
      .length(1)
      .optional(),
    // The sandbox invoices a plan change's proration at once, as Stripe's always_invoice does.
    proration_behavior: z.literal('always_invoice').optional(),
    metadata: z.record(z.string(), z.string()).optional(),
    expand,
  })
  .strict();

export const portalCreateParams = z
  .object({ customer: z.string().min(1), return_url: z.string().url(), expand })
  .strict();

export const retrieveParams = z.object({ expand }).strict();

export const invoiceListParams = z
  .object({
    customer: z.string().min(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    expand,
  })
  .strict();
