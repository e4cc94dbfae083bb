import type { PlanId } from '@outpilot/contracts';

/**
 * The payment provider, as the billing use-cases see it. The adapter is chosen by configuration:
 * the sandbox provider the server mounts in embedded mode (HTTP, signed webhooks), or a real one.
 * The subscription state is the provider's: the server keeps a reconciled copy only.
 */
export type PaymentsPort = {
  /** Opens a hosted checkout for one plan; refuses an unknown coupon (CouponNotFound). */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** null when the provider has no such checkout. */
  getCheckout(id: string): Promise<ProviderCheckout | null>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Moves the subscription to another plan now, prorating the rest of the period. */
  changePlan(id: string, plan: { planId: PlanId; unitAmountCents: number }): Promise<ProviderSubscription>;
  /** Cancel at the period's end (true) or undo that (false). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now, charging nothing more (a replaced, no longer current one). */
  cancelNow(id: string): Promise<ProviderSubscription>;
  /** A page where the customer manages payment methods and sees invoices. */
  createManagementUrl(customerId: string, returnUrl: string): Promise<string>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  /** Parses a webhook delivery after checking its signature; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
};

/** The checkout payload of seed 000 §3, mapped onto the provider (see docs/decisions.md, issue 24). */
export type CheckoutInput = {
  planId: PlanId;
  unitAmountCents: number;
  quantity: number;
  coupon: string | undefined;
  paymentContact: { country: string; email: string; firstName: string; lastName: string };
  tags: { ownerId: string; personaId: string; version: string };
  successUrl: string;
  cancelUrl: string;
};

export type ProviderCheckout = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  subscriptionId: string | null;
  personaId: string;
};

export type ProviderSubscription = {
  id: string;
  customerId: string;
  planId: PlanId;
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  startedAt: Date;
  currentPeriodEnd: Date;
  unitAmountCents: number;
  baseAmountCents: number;
  personaId: string;
  /** The checkout's `ownerId` tag: who pays (a team owner buying a member's plan), else the persona. */
  ownerId: string;
};

export type ProviderInvoice = {
  id: string;
  created: Date;
  amountCents: number;
  status: 'paid' | 'open' | 'void' | 'uncollectible';
  url: string;
};

export type ProviderEvent = {
  id: string;
  type: string;
  /** The subscription the event is about, when it is about one. */
  subscriptionId: string | null;
  /** The checkout the event is about, when it is about one (checkout.session.*). */
  checkoutId: string | null;
};

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** The provider refused the coupon code. */
export class CouponNotFoundError extends Error {
  override readonly name = 'CouponNotFoundError';
}
