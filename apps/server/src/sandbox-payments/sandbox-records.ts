import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { sandboxPaymentObjects } from '../db/schema.ts';

/** The sandbox provider's records, shaped like the real provider's objects (snake_case on the wire). */
export type SandboxCard = { last4: string; number: string };
export type SandboxCustomer = {
  id: string;
  email: string;
  name: string;
  country: string;
  card: SandboxCard | null;
  /** Credit from a downgrade's proration, used up by the next invoices (cents). */
  balance: number;
  metadata: Record<string, string>;
};
/** What the merchant sells; its id is the merchant's choice (the app names its plans' products). */
export type SandboxProduct = { id: string; name: string; metadata: Record<string, string>; created: string };
export type SandboxCheckoutSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** The product bought and its name (shown on the hosted page). */
  product: string;
  product_name: string;
  unit_amount: number;
  coupon: { id: string; percent_off: number } | null;
  quantity: number;
  customer_email: string;
  customer_name: string;
  billing_country: string;
  metadata: Record<string, string>;
  /** Copied onto the subscription the checkout creates (Stripe's subscription_data.metadata). */
  subscription_metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** Given at creation, or created from customer_email when the checkout completes. */
  customer: string | null;
  subscription: string | null;
  expires_at: string;
  /** Card waiting for the authentication step (a card that needs confirmation). */
  pending_card: string | null;
};
export type SandboxSubscription = {
  id: string;
  customer: string;
  /** The product of the subscription's one item. */
  product: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  start_date: string;
  current_period_start: string;
  current_period_end: string;
  /** Charged per month, after the coupon (cents), and the catalogue price it came from. */
  unit_amount: number;
  base_amount: number;
  percent_off: number;
  metadata: Record<string, string>;
};
export type SandboxInvoice = {
  id: string;
  customer: string;
  subscription: string;
  amount_due: number;
  status: 'paid' | 'open' | 'uncollectible' | 'void';
  description: string;
  created: string;
};
export type SandboxEvent = {
  id: string;
  type: string;
  created: string;
  data: { object: Record<string, unknown> };
};
export type SandboxPortalSession = { id: string; customer: string; return_url: string; expires_at: string };

type Kinds = {
  product: SandboxProduct;
  customer: SandboxCustomer;
  checkout_session: SandboxCheckoutSession;
  subscription: SandboxSubscription;
  invoice: SandboxInvoice;
  event: SandboxEvent;
  portal_session: SandboxPortalSession;
};
export type SandboxKind = keyof Kinds;

const prefixes: Record<SandboxKind, string> = {
  product: 'prod',
  customer: 'cus',
  checkout_session: 'cs',
  subscription: 'sub',
  invoice: 'in',
  event: 'evt',
  portal_session: 'bps',
};

export const newSandboxId = (kind: SandboxKind) => `${prefixes[kind]}_${randomBytes(12).toString('hex')}`;

/** Durable key-value records of the sandbox provider (one table, one JSON document per object). */
export function sandboxRecords(db: Database) {
  return {
    async get<K extends SandboxKind>(kind: K, id: string): Promise<Kinds[K] | null> {
      const [row] = await db
        .select({ data: sandboxPaymentObjects.data })
        .from(sandboxPaymentObjects)
        .where(and(eq(sandboxPaymentObjects.id, id), eq(sandboxPaymentObjects.kind, kind)));
      return row ? (row.data as Kinds[K]) : null;
    },
    async put<K extends SandboxKind>(
      kind: K,
      record: Kinds[K] & { id: string },
      now: Date,
    ): Promise<Kinds[K]> {
      await db
        .insert(sandboxPaymentObjects)
        .values({ id: record.id, kind, data: record as Record<string, unknown>, createdAt: now })
        .onConflictDoUpdate({
          target: sandboxPaymentObjects.id,
          set: { data: record as Record<string, unknown> },
        });
      return record;
    },
    async list<K extends SandboxKind>(kind: K): Promise<Kinds[K][]> {
      const rows = await db
        .select({ data: sandboxPaymentObjects.data })
        .from(sandboxPaymentObjects)
        .where(eq(sandboxPaymentObjects.kind, kind))
        .orderBy(asc(sandboxPaymentObjects.createdAt), asc(sandboxPaymentObjects.id));
      return rows.map((row) => row.data as Kinds[K]);
    },
  };
}
export type SandboxRecordStore = ReturnType<typeof sandboxRecords>;
