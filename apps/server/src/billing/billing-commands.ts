import {
  billingMessages,
  type CheckoutResponse,
  checkoutCountry,
  checkoutQuantity,
  type InvoicesResponse,
  type ManagementUrlResponse,
  type PurchasablePlanId,
  planCatalogue,
  type SubscriptionResponse,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import { serverVersion } from '../version.ts';
import { loadSubscription, type SubscriptionView, toSubscriptionResponse } from './load-subscription.ts';
import { CouponNotFoundError, type ProviderSubscription } from './payments-port.ts';
import { endStaleSubscription, reconcileSubscription } from './reconcile-subscription.ts';

type BillingDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments'>;
type Caller = { userId: string; personaId: string };

const refuse = (message: string) => new AppError(422, 'UnprocessableEntity', message);
const priceCents = (planId: PurchasablePlanId) => planCatalogue[planId].PRICE * 100;

/** Where the provider's pages send the customer back: the Upgrade screen syncs the order there. */
export const checkoutReturnPath = '/upgrade';
export const managementReturnPath = '/account';

async function reloaded(deps: BillingDeps, personaId: string): Promise<SubscriptionResponse> {
  return toSubscriptionResponse(await loadSubscription(deps, personaId));
}

/** Stores what the provider answered, ending a subscription it made stale. */
async function settle(deps: BillingDeps, subscription: ProviderSubscription): Promise<void> {
  await endStaleSubscription(deps, await reconcileSubscription(deps, subscription));
}

function paidOf(view: SubscriptionView) {
  if (!view.paid || view.state === 'overdue' || !view.isActive)
    throw refuse(billingMessages.noPaidSubscription);
  return view.paid;
}

/** GET subscription. */
export async function getSubscription(deps: BillingDeps, caller: Caller): Promise<SubscriptionResponse> {
  return reloaded(deps, caller.personaId);
}

/**
 * POST checkout: opens the provider's hosted checkout for a plan at the catalogue's price, with
 * §3's payload (coupon, payment contact in 'LI', one product, the owner/persona/version tags).
 * Someone with a paid plan that is still active changes the plan instead.
 */
export async function startCheckout(
  deps: BillingDeps,
  caller: Caller,
  request: { plan_id: PurchasablePlanId; coupon?: string | undefined },
): Promise<CheckoutResponse> {
  const view = await loadSubscription(deps, caller.personaId);
  if (view.paid && view.isActive) throw refuse(billingMessages.alreadyPaid);
  return openCheckout(deps, {
    payer: caller,
    personaId: caller.personaId,
    request,
    returnUrl: `${deps.config.publicUrl}${checkoutReturnPath}`,
  });
}

/**
 * A hosted checkout the payer pays for a persona's plan: their own, or a team member's (the
 * payer is then the `ownerId` tag). The provider sends the customer back to returnUrl with
 * `checkout_id` added to its query.
 */
export async function openCheckout(
  deps: BillingDeps,
  input: {
    payer: Caller;
    personaId: string;
    request: { plan_id: PurchasablePlanId; coupon?: string | undefined };
    returnUrl: string;
  },
): Promise<CheckoutResponse> {
  const { payer, request, returnUrl } = input;
  const [user] = await deps.db.select().from(users).where(eq(users.id, payer.userId));
  if (!user) throw new NotFoundError('Profile not found');
  const separator = returnUrl.includes('?') ? '&' : '?';
  try {
    const checkout = await deps.payments.createCheckout({
      planId: request.plan_id,
      unitAmountCents: priceCents(request.plan_id),
      quantity: checkoutQuantity,
      coupon: request.coupon,
      paymentContact: {
        country: checkoutCountry,
        email: user.email,
        firstName: user.givenName,
        lastName: user.familyName,
      },
      tags: { ownerId: payer.personaId, personaId: input.personaId, version: serverVersion },
      successUrl: `${returnUrl}${separator}checkout_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: returnUrl,
    });
    return { checkout_id: checkout.id, url: checkout.url };
  } catch (error) {
    if (error instanceof CouponNotFoundError)
      throw new ValidationError('coupon', billingMessages.couponNotFound);
    throw error;
  }
}

/** POST orders/sync: the checkout the provider completed becomes the caller's subscription. */
export async function syncOrder(
  deps: BillingDeps,
  caller: Caller,
  request: { checkout_id: string },
): Promise<SubscriptionResponse> {
  const checkout = await deps.payments.getCheckout(request.checkout_id);
  // Another account's checkout is answered like a missing one: its existence is not disclosed.
  if (!checkout || checkout.personaId !== caller.personaId)
    throw new NotFoundError(billingMessages.checkoutNotFound);
  if (checkout.status !== 'complete' || !checkout.subscriptionId)
    throw refuse(billingMessages.checkoutNotCompleted);
  // An overdue account's unpaid subscription is ended here: the new one replaces it.
  await settle(deps, await deps.payments.getSubscription(checkout.subscriptionId));
  return reloaded(deps, caller.personaId);
}

/** PUT subscription/upgrade: another paid plan now, prorated by the provider (upgrade or downgrade). */
export async function changePlan(
  deps: BillingDeps,
  caller: Caller,
  request: { plan_id: PurchasablePlanId },
): Promise<SubscriptionResponse> {
  const view = await loadSubscription(deps, caller.personaId);
  const paid = paidOf(view);
  if (paid.cancelAtPeriodEnd) throw refuse(billingMessages.resumeBeforeChange);
  if (view.planId === request.plan_id) throw refuse(billingMessages.samePlan);
  await settle(
    deps,
    await deps.payments.changePlan(paid.subscriptionId, {
      planId: request.plan_id,
      unitAmountCents: priceCents(request.plan_id),
    }),
  );
  return reloaded(deps, caller.personaId);
}

/** PUT subscription/cancel (at the period's end) and PUT subscription/resume (undoes that). */
export async function setCancellation(
  deps: BillingDeps,
  caller: Caller,
  cancel: boolean,
): Promise<SubscriptionResponse> {
  const view = await loadSubscription(deps, caller.personaId);
  const paid = paidOf(view);
  if (cancel && paid.cancelAtPeriodEnd) throw refuse(billingMessages.alreadyCanceled);
  if (!cancel && !paid.cancelAtPeriodEnd) throw refuse(billingMessages.notCanceled);
  await settle(deps, await deps.payments.setCancelAtPeriodEnd(paid.subscriptionId, cancel));
  return reloaded(deps, caller.personaId);
}

/** GET subscription/management-url: the provider's page for payment methods and invoices. */
export async function getManagementUrl(deps: BillingDeps, caller: Caller): Promise<ManagementUrlResponse> {
  const view = await loadSubscription(deps, caller.personaId);
  if (!view.paid) throw refuse(billingMessages.noPaidSubscription);
  const returnUrl = `${deps.config.publicUrl}${managementReturnPath}`;
  return { data: await deps.payments.createManagementUrl(view.paid.customerId, returnUrl) };
}

/** GET subscription/invoices (beyond the spec): the provider's invoices, newest first. */
export async function listInvoices(deps: BillingDeps, caller: Caller): Promise<InvoicesResponse> {
  const view = await loadSubscription(deps, caller.personaId);
  if (!view.paid) return { documents: [], total: 0 };
  const invoices = await deps.payments.listInvoices(view.paid.customerId);
  return {
    documents: invoices.map((invoice) => ({
      id: invoice.id,
      created: invoice.created.toISOString(),
      amount: invoice.amountCents / 100,
      status: invoice.status,
      url: invoice.url,
    })),
    total: invoices.length,
  };
}
