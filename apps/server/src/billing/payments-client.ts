import { type PlanId, planIdSchema } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import {
  CouponNotFoundError,
  type PaymentsPort,
  type ProviderSubscription,
  WebhookSignatureError,
} from './payments-port.ts';
import { checkWebhookSignature } from './webhook-signature.ts';

export type PaymentsSettings = {
  mode: 'embedded' | 'external';
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
};

const requestTimeoutMs = 10_000;

const unavailable = (cause: unknown) =>
  new AppError(502, 'BadGateway', 'The payment provider is unavailable, try again later', { cause });

const errorAnswerSchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.string().optional(),
    message: z.string(),
    param: z.string().optional(),
  }),
});
const checkoutSchema = z.object({
  id: z.string(),
  url: z.string().optional(),
  status: z.enum(['open', 'complete', 'expired']),
  subscription: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
});
const subscriptionSchema = z.object({
  id: z.string(),
  customer: z.string(),
  plan_id: planIdSchema,
  status: z.enum(['active', 'past_due', 'canceled']),
  cancel_at_period_end: z.boolean(),
  start_date: z.string(),
  current_period_end: z.string(),
  unit_amount: z.number(),
  base_amount: z.number(),
  metadata: z.record(z.string(), z.string()),
});
const invoicesSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      created: z.string(),
      amount_due: z.number(),
      status: z.enum(['paid', 'open', 'void', 'uncollectible']),
      hosted_invoice_url: z.string(),
    }),
  ),
});
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const toSubscription = (answer: z.infer<typeof subscriptionSchema>): ProviderSubscription => ({
  id: answer.id,
  customerId: answer.customer,
  planId: answer.plan_id,
  status: answer.status,
  cancelAtPeriodEnd: answer.cancel_at_period_end,
  startedAt: new Date(answer.start_date),
  currentPeriodEnd: new Date(answer.current_period_end),
  unitAmountCents: answer.unit_amount,
  baseAmountCents: answer.base_amount,
  personaId: answer.metadata.personaId ?? '',
});

/**
 * The payment provider's HTTP API with the merchant's secret key: the sandbox provider the server
 * mounts in embedded mode, or another deployment of it. Failures become the app's errors: an
 * unknown coupon CouponNotFoundError, a missing object null or 404, anything else 502.
 */
export function createPaymentsClient(
  settings: Pick<PaymentsSettings, 'apiUrl' | 'secretKey' | 'webhookSecret'>,
  clock: Clock,
  fetchImpl: typeof fetch = fetch,
): PaymentsPort {
  async function call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) {
    const response = await fetchImpl(`${settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    }).catch((error: unknown) => {
      throw unavailable(error);
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.ok) return { found: true as const, value: schema.parse(answer) as z.output<S> };
    const error = errorAnswerSchema.safeParse(answer);
    if (response.status === 404 && error.success && error.data.error.code === 'resource_missing') {
      if (error.data.error.param?.includes('coupon')) throw new CouponNotFoundError(error.data.error.message);
      return { found: false as const };
    }
    throw unavailable(
      new Error(`The payment provider answered ${response.status}: ${error.data?.error.message ?? ''}`),
    );
  }
  async function mustFind<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ) {
    const result = await call(method, path, schema, body);
    if (!result.found) throw unavailable(new Error(`The payment provider has nothing at ${path}`));
    return result.value;
  }

  return {
    async createCheckout(input) {
      const session = await mustFind('POST', '/v1/checkout/sessions', checkoutSchema, {
        plan_id: input.planId,
        unit_amount: input.unitAmountCents,
        quantity: input.quantity,
        ...(input.coupon === undefined ? {} : { coupon: input.coupon }),
        customer_email: input.paymentContact.email,
        customer_name: `${input.paymentContact.firstName} ${input.paymentContact.lastName}`.trim(),
        billing_country: input.paymentContact.country,
        metadata: input.tags,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      return { id: session.id, url: session.url ?? '' };
    },
    async getCheckout(id) {
      const result = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`, checkoutSchema);
      if (!result.found) return null;
      return {
        id: result.value.id,
        status: result.value.status,
        subscriptionId: result.value.subscription,
        personaId: result.value.metadata.personaId ?? '',
      };
    },
    async getSubscription(id) {
      return toSubscription(
        await mustFind('GET', `/v1/subscriptions/${encodeURIComponent(id)}`, subscriptionSchema),
      );
    },
    async changePlan(id, plan: { planId: PlanId; unitAmountCents: number }) {
      return toSubscription(
        await mustFind('POST', `/v1/subscriptions/${encodeURIComponent(id)}`, subscriptionSchema, {
          plan_id: plan.planId,
          unit_amount: plan.unitAmountCents,
        }),
      );
    },
    async setCancelAtPeriodEnd(id, cancel) {
      return toSubscription(
        await mustFind('POST', `/v1/subscriptions/${encodeURIComponent(id)}`, subscriptionSchema, {
          cancel_at_period_end: cancel,
        }),
      );
    },
    async createManagementUrl(customerId, returnUrl) {
      const session = await mustFind('POST', '/v1/billing_portal/sessions', z.object({ url: z.string() }), {
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    async listInvoices(customerId) {
      const answer = await mustFind(
        'GET',
        `/v1/invoices?customer=${encodeURIComponent(customerId)}`,
        invoicesSchema,
      );
      return answer.data.map((invoice) => ({
        id: invoice.id,
        created: new Date(invoice.created),
        amountCents: invoice.amount_due,
        status: invoice.status,
        url: invoice.hosted_invoice_url,
      }));
    },
    verifyWebhook(rawBody, signatureHeader) {
      checkWebhookSignature(settings.webhookSecret, rawBody, signatureHeader, clock.now());
      let parsed: z.infer<typeof eventSchema>;
      try {
        parsed = eventSchema.parse(JSON.parse(rawBody));
      } catch (error) {
        throw new WebhookSignatureError(`The event is not readable: ${String(error)}`);
      }
      const object = parsed.data.object;
      const subscriptionId =
        typeof object.subscription === 'string'
          ? object.subscription
          : parsed.type.startsWith('customer.subscription.') && typeof object.id === 'string'
            ? object.id
            : null;
      return { id: parsed.id, type: parsed.type, subscriptionId };
    },
  };
}
