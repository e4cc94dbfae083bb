import type { Clock } from '@outpilot/domain';
import {
  newSandboxId,
  type SandboxCheckoutSession,
  type SandboxCustomer,
  type SandboxEvent,
  type SandboxInvoice,
  type SandboxKind,
  type SandboxRecordStore,
  type SandboxSubscription,
} from './sandbox-records.ts';
import { cardFormProblem, cardMessages, normalizedCardNumber, sandboxTestCards } from './test-cards.ts';

/** Coupons the sandbox account has (percent off every invoice, forever). */
export const sandboxCoupons: Readonly<Record<string, number>> = { WELCOME10: 10, EARLYBIRD20: 20 };

/** A hosted checkout stays open this long, like the real provider's sessions. */
const checkoutLifetimeMs = 24 * 3600_000;
const portalLifetimeMs = 3600_000;

export class SandboxRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new SandboxRequestError(404, 'resource_missing', `No such ${kind}: '${id}'`, param);

function addMonth(instant: Date): Date {
  const next = new Date(instant);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export type CardForm = { number: string; expiry: string; cvc: string; name: string };
export type PayOutcome =
  | { kind: 'paid'; redirect: string }
  | { kind: 'needsAuthentication' }
  | { kind: 'failed'; message: string };

/**
 * What the sandbox provider does: checkout sessions paid with test cards, subscriptions that renew
 * monthly on the clock (a declined renewal leaves them past due, a cancel takes effect at the
 * period's end), prorated plan changes, coupons, invoices and the events it reports.
 */
export function sandboxLedger(
  records: SandboxRecordStore,
  clock: Clock,
  emit: (event: SandboxEvent) => void,
) {
  const now = () => clock.now();

  async function record(type: string, object: Record<string, unknown>) {
    const event: SandboxEvent = {
      id: newSandboxId('event'),
      type,
      created: now().toISOString(),
      data: { object },
    };
    await records.put('event', event, now());
    emit(event);
  }

  async function required<K extends SandboxKind>(kind: K, id: string, label: string) {
    const found = await records.get(kind, id);
    if (!found) throw missing(label, id);
    return found;
  }

  async function openSession(id: string): Promise<SandboxCheckoutSession> {
    const session = await required('checkout_session', id, 'checkout session');
    if (session.status === 'open' && new Date(session.expires_at) <= now()) {
      const expired = { ...session, status: 'expired' as const };
      await records.put('checkout_session', expired, now());
      await record('checkout.session.expired', expired);
      return expired;
    }
    return session;
  }

  /** Charges the customer's card; a renewal-declined card fails every charge but the first. */
  async function charge(
    customer: SandboxCustomer,
    subscription: string,
    amount: number,
    description: string,
    renewal: boolean,
  ): Promise<SandboxInvoice> {
    const credit = Math.min(customer.balance, amount);
    if (credit > 0) await records.put('customer', { ...customer, balance: customer.balance - credit }, now());
    const declined = renewal && customer.card?.number === sandboxTestCards.renewalDeclined;
    const invoice: SandboxInvoice = {
      id: newSandboxId('invoice'),
      customer: customer.id,
      subscription,
      amount_due: amount - credit,
      status: declined ? 'open' : 'paid',
      description,
      created: now().toISOString(),
    };
    await records.put('invoice', invoice, now());
    await record(declined ? 'invoice.payment_failed' : 'invoice.paid', invoice);
    return invoice;
  }

  async function completeCheckout(session: SandboxCheckoutSession, cardNumber: string, name: string) {
    const card = { number: cardNumber, last4: cardNumber.slice(-4) };
    const existing = session.customer ? await records.get('customer', session.customer) : null;
    const customer: SandboxCustomer = existing
      ? { ...existing, card }
      : {
          id: newSandboxId('customer'),
          email: session.customer_email,
          name: name.trim() || session.customer_name,
          country: session.billing_country,
          card,
          balance: 0,
          metadata: {},
        };
    await records.put('customer', customer, now());
    const start = now();
    const subscription: SandboxSubscription = {
      id: newSandboxId('subscription'),
      customer: customer.id,
      product: session.product,
      status: 'active',
      cancel_at_period_end: false,
      start_date: start.toISOString(),
      current_period_start: start.toISOString(),
      current_period_end: addMonth(start).toISOString(),
      unit_amount: discounted(session.unit_amount, session.coupon?.percent_off ?? 0),
      base_amount: session.unit_amount,
      percent_off: session.coupon?.percent_off ?? 0,
      metadata: session.subscription_metadata,
    };
    await records.put('subscription', subscription, now());
    await charge(
      customer,
      subscription.id,
      subscription.unit_amount * session.quantity,
      'Subscription creation',
      false,
    );
    const completed: SandboxCheckoutSession = {
      ...session,
      status: 'complete',
      customer: customer.id,
      subscription: subscription.id,
      pending_card: null,
    };
    await records.put('checkout_session', completed, now());
    await record('customer.subscription.created', subscription);
    await record('checkout.session.completed', completed);
    return {
      kind: 'paid' as const,
      redirect: completed.success_url.replace('{CHECKOUT_SESSION_ID}', completed.id),
    };
  }

  async function renew(subscription: SandboxSubscription): Promise<SandboxSubscription> {
    const periodEnd = new Date(subscription.current_period_end);
    if (subscription.cancel_at_period_end) {
      const ended = { ...subscription, status: 'canceled' as const };
      await records.put('subscription', ended, now());
      await record('customer.subscription.deleted', ended);
      return ended;
    }
    const customer = await required('customer', subscription.customer, 'customer');
    const invoice = await charge(
      customer,
      subscription.id,
      subscription.unit_amount,
      'Subscription renewal',
      true,
    );
    const next: SandboxSubscription =
      invoice.status === 'paid'
        ? {
            ...subscription,
            current_period_start: periodEnd.toISOString(),
            current_period_end: addMonth(periodEnd).toISOString(),
          }
        : { ...subscription, status: 'past_due' };
    await records.put('subscription', next, now());
    await record('customer.subscription.updated', next);
    return next;
  }

  return {
    async createProduct(input: { id?: string | undefined; name: string; metadata: Record<string, string> }) {
      const id = input.id ?? newSandboxId('product');
      if (await records.get('product', id)) {
        throw new SandboxRequestError(400, 'resource_already_exists', 'Product already exists.', 'id');
      }
      return records.put(
        'product',
        { id, name: input.name, metadata: input.metadata, created: now().toISOString() },
        now(),
      );
    },

    getProduct: (id: string) => required('product', id, 'product'),

    async createCustomer(input: {
      email: string;
      name: string;
      country: string;
      metadata: Record<string, string>;
    }) {
      return records.put(
        'customer',
        { id: newSandboxId('customer'), ...input, card: null, balance: 0 },
        now(),
      );
    },

    getCustomer: (id: string) => required('customer', id, 'customer'),

    async createCheckoutSession(input: {
      product: string;
      unit_amount: number;
      quantity: number;
      coupon?: string | undefined;
      customer?: string | undefined;
      customer_email?: string | undefined;
      metadata: Record<string, string>;
      subscription_metadata: Record<string, string>;
      success_url: string;
      cancel_url: string;
    }): Promise<SandboxCheckoutSession> {
      const product = await records.get('product', input.product);
      if (!product) throw missing('product', input.product, 'line_items[0][price_data][product]');
      let customer: SandboxCustomer | null = null;
      if (input.customer !== undefined) {
        customer = await records.get('customer', input.customer);
        if (!customer) throw missing('customer', input.customer, 'customer');
      }
      let coupon: SandboxCheckoutSession['coupon'] = null;
      if (input.coupon !== undefined) {
        const percentOff = sandboxCoupons[input.coupon];
        if (percentOff === undefined) throw missing('coupon', input.coupon, 'discounts[0][coupon]');
        coupon = { id: input.coupon, percent_off: percentOff };
      }
      const session: SandboxCheckoutSession = {
        id: newSandboxId('checkout_session'),
        status: 'open',
        product: product.id,
        product_name: product.name,
        unit_amount: input.unit_amount,
        coupon,
        quantity: input.quantity,
        customer_email: customer?.email ?? input.customer_email ?? '',
        customer_name: customer?.name ?? '',
        billing_country: customer?.country ?? '',
        metadata: input.metadata,
        subscription_metadata: input.subscription_metadata,
        success_url: input.success_url,
        cancel_url: input.cancel_url,
        customer: customer?.id ?? null,
        subscription: null,
        expires_at: new Date(now().getTime() + checkoutLifetimeMs).toISOString(),
        pending_card: null,
      };
      return records.put('checkout_session', session, now());
    },

    getCheckoutSession: openSession,

    /** The hosted page's Pay button. */
    async pay(sessionId: string, form: CardForm): Promise<PayOutcome> {
      const session = await openSession(sessionId);
      if (session.status !== 'open')
        return { kind: 'failed', message: 'This checkout session is no longer open.' };
      const problem = cardFormProblem(form, now());
      if (problem) return { kind: 'failed', message: problem };
      const number = normalizedCardNumber(form.number);
      if (number === sandboxTestCards.needsAuthentication) {
        await records.put('checkout_session', { ...session, pending_card: number }, now());
        return { kind: 'needsAuthentication' };
      }
      if (number !== sandboxTestCards.success && number !== sandboxTestCards.renewalDeclined) {
        return { kind: 'failed', message: cardMessages.declined };
      }
      return completeCheckout(session, number, form.name);
    },

    /** The authentication step of a card that needs confirmation: Complete or Fail. */
    async authenticate(sessionId: string, approve: boolean): Promise<PayOutcome> {
      const session = await openSession(sessionId);
      if (session.status !== 'open' || !session.pending_card) {
        return { kind: 'failed', message: 'This checkout session is no longer open.' };
      }
      if (!approve) {
        await records.put('checkout_session', { ...session, pending_card: null }, now());
        return { kind: 'failed', message: cardMessages.authenticationFailed };
      }
      return completeCheckout(session, session.pending_card, session.customer_name);
    },

    getSubscription: (id: string) => required('subscription', id, 'subscription'),

    async updateSubscription(
      id: string,
      change: {
        product?: string | undefined;
        unit_amount?: number | undefined;
        cancel_at_period_end?: boolean | undefined;
        metadata?: Record<string, string> | undefined;
      },
    ): Promise<SandboxSubscription> {
      let subscription = await required('subscription', id, 'subscription');
      if (subscription.status === 'canceled') {
        throw new SandboxRequestError(
          400,
          'resource_invalid_state',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      if (change.cancel_at_period_end !== undefined) {
        subscription = { ...subscription, cancel_at_period_end: change.cancel_at_period_end };
      }
      if (change.metadata !== undefined) {
        subscription = { ...subscription, metadata: { ...subscription.metadata, ...change.metadata } };
      }
      if (change.product !== undefined && change.unit_amount !== undefined) {
        await required('product', change.product, 'product');
        const unitAmount = discounted(change.unit_amount, subscription.percent_off);
        // Proration: the unused part of the period at the old price is credited, the same part at
        // the new price is charged now (an upgrade) or left as credit for the next invoices (a downgrade).
        const start = new Date(subscription.current_period_start).getTime();
        const end = new Date(subscription.current_period_end).getTime();
        const unused = Math.max(0, Math.min(1, (end - now().getTime()) / (end - start)));
        const difference = Math.round((unitAmount - subscription.unit_amount) * unused);
        subscription = {
          ...subscription,
          product: change.product,
          unit_amount: unitAmount,
          base_amount: change.unit_amount,
        };
        const customer = await required('customer', subscription.customer, 'customer');
        if (difference > 0)
          await charge(customer, subscription.id, difference, 'Proration of the plan change', false);
        else if (difference < 0)
          await records.put('customer', { ...customer, balance: customer.balance - difference }, now());
      }
      await records.put('subscription', subscription, now());
      await record('customer.subscription.updated', subscription);
      return subscription;
    },

    /** Ends a subscription at once; like Stripe, its open invoices are no longer collected. */
    async cancelSubscription(id: string): Promise<SandboxSubscription> {
      const subscription = await required('subscription', id, 'subscription');
      if (subscription.status === 'canceled') {
        throw new SandboxRequestError(
          400,
          'resource_invalid_state',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      const ended = { ...subscription, status: 'canceled' as const };
      await records.put('subscription', ended, now());
      await record('customer.subscription.deleted', ended);
      return ended;
    },

    async createPortalSession(customerId: string, returnUrl: string) {
      await required('customer', customerId, 'customer');
      return records.put(
        'portal_session',
        {
          id: newSandboxId('portal_session'),
          customer: customerId,
          return_url: returnUrl,
          expires_at: new Date(now().getTime() + portalLifetimeMs).toISOString(),
        },
        now(),
      );
    },

    async portal(id: string) {
      const session = await records.get('portal_session', id);
      if (!session || new Date(session.expires_at) <= now()) return null;
      const customer = await required('customer', session.customer, 'customer');
      return { session, customer, invoices: await this.listInvoices(customer.id) };
    },

    /** The management page's card form: a new card also pays an open (past due) invoice. */
    async replaceCard(portalId: string, form: CardForm): Promise<string | null> {
      const found = await this.portal(portalId);
      if (!found) return 'This page has expired.';
      const problem = cardFormProblem(form, now());
      if (problem) return problem;
      const number = normalizedCardNumber(form.number);
      if (number === sandboxTestCards.declined) return cardMessages.declined;
      await records.put('customer', { ...found.customer, card: { number, last4: number.slice(-4) } }, now());
      for (const invoice of found.invoices.filter((item) => item.status === 'open')) {
        const subscription = await records.get('subscription', invoice.subscription);
        if (subscription?.status === 'canceled') continue;
        const paid = { ...invoice, status: 'paid' as const };
        await records.put('invoice', paid, now());
        await record('invoice.paid', paid);
        if (subscription?.status === 'past_due') {
          const periodEnd = new Date(subscription.current_period_end);
          const active: SandboxSubscription = {
            ...subscription,
            status: 'active',
            current_period_start: periodEnd.toISOString(),
            current_period_end: addMonth(periodEnd).toISOString(),
          };
          await records.put('subscription', active, now());
          await record('customer.subscription.updated', active);
        }
      }
      return null;
    },

    async listInvoices(customerId: string): Promise<SandboxInvoice[]> {
      return (await records.list('invoice')).filter((invoice) => invoice.customer === customerId).reverse();
    },

    getInvoice: (id: string) => records.get('invoice', id),

    /** Renews (or ends) every active subscription whose period has ended by now, catching up missed months. */
    async processDue(): Promise<number> {
      let processed = 0;
      for (const found of await records.list('subscription')) {
        let subscription = found;
        while (subscription.status === 'active' && new Date(subscription.current_period_end) <= now()) {
          subscription = await renew(subscription);
          processed += 1;
        }
      }
      return processed;
    },
  };
}
export type SandboxLedger = ReturnType<typeof sandboxLedger>;

function discounted(amount: number, percentOff: number): number {
  return Math.round((amount * (100 - percentOff)) / 100);
}
