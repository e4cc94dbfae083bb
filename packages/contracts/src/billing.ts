import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Subscription and billing of seed 000 (§1 plans and features, §3 Subscription and Plan catalogue
 * entry, §7 subscription / orders/sync / management-url / upgrade calls, §9 prices and plan ids).
 * Wire names stay snake_case as the spec gives them. Prices are whole dollars per month and live
 * here only: the server charges from this catalogue, never from a price the client sends.
 */

export const billingPaths = {
  subscription: '/subscription',
  cancel: '/subscription/cancel',
  resume: '/subscription/resume',
  managementUrl: '/subscription/management-url',
  upgrade: '/subscription/upgrade',
  invoices: '/subscription/invoices',
  ordersSync: '/orders/sync',
  /** Beyond §7 (the original hands the payload to the provider's script): the server opens the checkout. */
  checkout: '/checkout',
  /** Where the payment provider delivers its signed events; no bearer token. */
  paymentsWebhook: '/payments/webhook',
} as const;

// ---------------------------------------------------------------------------------------------
// Plans (§1, §9)

export const planIds = ['trial', 'basic', 'experimental', 'pro', 'team'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

/** The plans a user can buy on the Upgrade screen (the cards Basic, Pro, Team). */
export const purchasablePlanIds = ['basic', 'pro', 'team'] as const;
export const unknownPlanMessage = 'The plan must be one of basic, pro, team';
export const purchasablePlanIdSchema = z.enum(purchasablePlanIds, { error: unknownPlanMessage });
export type PurchasablePlanId = z.infer<typeof purchasablePlanIdSchema>;

/** What a plan unlocks beyond Basic; the server refuses a gated call with 403 when the plan lacks it. */
export type PlanFeature = 'cloudAutomation' | 'salesNavigatorImports' | 'activityLogExport' | 'team';

/** The Plan catalogue entry of §3 (ID, NAME, PRICE) plus what the Upgrade card shows. */
export type PlanCatalogueEntry = {
  readonly ID: PlanId;
  readonly NAME: string;
  /** Dollars per month (§9). */
  readonly PRICE: number;
  readonly description: string;
  /** Feature lines shown on the card (§1). */
  readonly featureList: readonly string[];
  readonly features: readonly PlanFeature[];
};

const basicFeatureList = [
  'Connect people',
  'Export and filter contacts',
  'Send messages',
  'Campaign statistics',
  'Auto follow-ups',
  'Auto withdrawal of invites',
  'CSV export of contacts',
  'Unlimited campaigns',
] as const;
const proFeatureList = [
  'All basic features',
  'Cloud automation',
  'Sales Navigator imports',
  'Activities log CSV export',
  'Automation connector (under construction)',
] as const;
const teamFeatureList = ['All pro features', 'Team work'] as const;
const proFeatures: readonly PlanFeature[] = ['cloudAutomation', 'salesNavigatorImports', 'activityLogExport'];

export const earlyBirdsDescription = 'Includes bonus features for early-birds!';

export const planCatalogue: Readonly<Record<PlanId, PlanCatalogueEntry>> = {
  // The trial has Basic's features: Pro's are what a plan is bought for (docs/decisions.md, issue 24).
  trial: {
    ID: 'trial',
    NAME: 'Trial',
    PRICE: 0,
    description: 'Try Outpilot free',
    featureList: basicFeatureList,
    features: [],
  },
  basic: {
    ID: 'basic',
    NAME: 'Basic',
    PRICE: 38,
    description: 'Everything to run outreach campaigns',
    featureList: basicFeatureList,
    features: [],
  },
  experimental: {
    ID: 'experimental',
    NAME: 'Early birds',
    PRICE: 38,
    description: earlyBirdsDescription,
    featureList: basicFeatureList,
    features: proFeatures,
  },
  pro: {
    ID: 'pro',
    NAME: 'Pro',
    PRICE: 59,
    description: 'Automation in the cloud and Sales Navigator',
    featureList: proFeatureList,
    features: proFeatures,
  },
  team: {
    ID: 'team',
    NAME: 'Team',
    PRICE: 75,
    description: 'Work together as a team',
    featureList: teamFeatureList,
    features: [...proFeatures, 'team'],
  },
};

export function planHasFeature(planId: PlanId, feature: PlanFeature): boolean {
  return planCatalogue[planId].features.includes(feature);
}

/** A new account's trial (the spec does not give its length): see docs/decisions.md, issue 24. */
export const trialDays = 14;
/** §7 Checkout: the payment contact's country and each product's quantity are fixed (§9). */
export const checkoutCountry = 'LI';
export const checkoutQuantity = 1;

// ---------------------------------------------------------------------------------------------
// GET subscription (§3 Subscription)

export const subscriptionStates = ['active', 'canceled', 'overdue'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

export const subscriptionResponseSchema = z.object({
  plan_id: planIdSchema,
  is_active: z.boolean(),
  state: z.enum(subscriptionStates),
  /** ISO instants. */
  activation_date: z.string(),
  /** The next renewal; null when nothing will be charged (trial, canceled, overdue). */
  next_charge_date: z.string().nullable(),
  /** When access ends (trial end, a canceled period's end); null while it renews. */
  expiration_date: z.string().nullable(),
  /** Dollars per month. */
  actual_price: z.number(),
  base_price: z.number(),
  /** The persona that pays; the caller's own id for a self-bought plan or a trial. */
  owner_id: z.string(),
  /** 'Activated by' for a subscription paid by another persona; null when self-owned. */
  activated_by: z.object({ name: z.string(), email: z.string() }).nullable(),
  /**
   * Beyond the specification: the server's instant of this answer. The trial's countdown runs from
   * it, not from the browser's clock, which may be wrong (and is not the server's in tests).
   */
  as_of: z.string(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST checkout, POST orders/sync, PUT subscription/upgrade, GET management-url

export const couponSchema = z.string().trim().min(1).max(64);

export const checkoutRequestSchema = z.object({
  plan_id: purchasablePlanIdSchema,
  coupon: couponSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  checkout_id: z.string(),
  /** The provider's hosted checkout page. */
  url: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The checkout result the provider hands back when its page closes (its id is all the server needs). */
export const ordersSyncRequestSchema = z.object({ checkout_id: z.string().trim().min(1).max(255) });
export type OrdersSyncRequest = z.infer<typeof ordersSyncRequestSchema>;

export const upgradeRequestSchema = z.object({ plan_id: purchasablePlanIdSchema });
export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;

export const managementUrlResponseSchema = z.object({ data: z.string() });
export type ManagementUrlResponse = z.infer<typeof managementUrlResponseSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  created: z.string(),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(['paid', 'open', 'void', 'uncollectible']),
  url: z.string(),
});
export const invoicesResponseSchema = z.object({ documents: z.array(invoiceSchema), total: z.number() });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

/** Messages of the billing calls (the spec gives no wording for these refusals). */
export const billingMessages = {
  noPaidSubscription: 'There is no paid subscription to change',
  samePlan: 'The subscription is already on this plan',
  resumeBeforeChange: 'Resume the subscription before changing the plan',
  notCanceled: 'The subscription is not canceled',
  alreadyCanceled: 'The subscription is already canceled',
  alreadyPaid: 'The subscription is already active: change the plan instead',
  checkoutNotCompleted: 'The checkout is not completed',
  checkoutNotFound: 'Checkout not found',
  couponNotFound: 'The coupon does not exist',
  upgradeToPro: 'Upgrade your plan to Pro',
  upgradeToTeam: 'Upgrade your subscription to TEAM plan',
  subscriptionExpired: 'Subscription is expired',
} as const;

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 000 §7), plus the payment provider's webhook

export const paymentsWebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

const billingCall = { service: 'api', access: 'user', tags: ['billing'] } as const;
const changeErrors = ['UnprocessableEntity', 'BadGateway'] as const;

export const billingEndpoints = {
  subscription: defineEndpoint({
    ...billingCall,
    errors: [],
    method: 'GET',
    path: billingPaths.subscription,
    summary: 'The subscription: the paid plan as the payment provider reports it, else the trial',
    answers: { 200: subscriptionResponseSchema },
  }),
  checkout: defineEndpoint({
    ...billingCall,
    errors: changeErrors,
    method: 'POST',
    path: billingPaths.checkout,
    summary: "Open the payment provider's hosted checkout for a plan at the catalogue's price",
    body: checkoutRequestSchema,
    answers: { 200: checkoutResponseSchema },
  }),
  ordersSync: defineEndpoint({
    ...billingCall,
    errors: [...changeErrors, 'NotFound'],
    method: 'POST',
    path: billingPaths.ordersSync,
    summary: 'Synchronise a completed checkout into the subscription',
    body: ordersSyncRequestSchema,
    answers: { 200: subscriptionResponseSchema },
  }),
  upgrade: defineEndpoint({
    ...billingCall,
    errors: changeErrors,
    method: 'PUT',
    path: billingPaths.upgrade,
    summary: 'Move the paid subscription to another plan now (prorated)',
    body: upgradeRequestSchema,
    answers: { 200: subscriptionResponseSchema },
  }),
  cancel: defineEndpoint({
    ...billingCall,
    errors: changeErrors,
    method: 'PUT',
    path: billingPaths.cancel,
    summary: "Cancel at the period's end",
    answers: { 200: subscriptionResponseSchema },
  }),
  resume: defineEndpoint({
    ...billingCall,
    errors: changeErrors,
    method: 'PUT',
    path: billingPaths.resume,
    summary: 'Resume a canceled subscription before its period ends',
    answers: { 200: subscriptionResponseSchema },
  }),
  managementUrl: defineEndpoint({
    ...billingCall,
    errors: changeErrors,
    method: 'GET',
    path: billingPaths.managementUrl,
    summary: "The payment provider's page for payment methods and invoices",
    answers: { 200: managementUrlResponseSchema },
  }),
  invoices: defineEndpoint({
    ...billingCall,
    errors: ['BadGateway'],
    method: 'GET',
    path: billingPaths.invoices,
    summary: 'The invoices of the paid subscription, newest first',
    answers: { 200: invoicesResponseSchema },
  }),
};

/** The payment provider's call: its body is read as the exact text it signed, so it has no JSON schema. */
export const paymentsWebhookEndpoint = {
  paymentsWebhook: defineEndpoint({
    ...billingCall,
    access: 'public',
    errors: ['BadRequest'],
    method: 'POST',
    path: billingPaths.paymentsWebhook,
    summary: "The payment provider's signed events (idempotent by event id)",
    answers: { 200: paymentsWebhookAnswerSchema },
  }),
};
