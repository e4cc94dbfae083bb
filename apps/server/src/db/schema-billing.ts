import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { personas } from './schema.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The paid subscription of a persona, as the payment provider last reported it (reconciled on
 * every webhook and on orders/sync). No row: the persona is on its trial (personas.trial_ends_at).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    personaId: uuid('persona_id')
      .primaryKey()
      .references(() => personas.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    /** The provider's status: active, past_due or canceled (ended). */
    providerStatus: text('provider_status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    activatedAt: instant('activated_at').notNull(),
    currentPeriodEnd: instant('current_period_end').notNull(),
    /** Cents per month: what is charged (after a coupon) and the catalogue price. */
    actualPriceCents: integer('actual_price_cents').notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    check(
      'subscriptions_provider_status_check',
      sql`${t.providerStatus} in ('active', 'past_due', 'canceled')`,
    ),
  ],
);

/** Provider events already handled: a webhook delivered twice changes nothing the second time. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull(),
});

/**
 * The sandbox payment provider's own records (customers, checkout sessions, subscriptions,
 * invoices, events, portal sessions), kept durably like the real provider keeps them. Used only
 * when the server mounts the sandbox provider.
 */
export const sandboxPaymentObjects = pgTable(
  'sandbox_payment_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('sandbox_payment_objects_kind_idx').on(t.kind, t.createdAt)],
);

/**
 * The LinkedIn session a user handed over for cloud automation, with their consent (issue 24 item
 * 6): AES-256-GCM under SESSION_ENCRYPTION_KEY, never stored or logged in clear. One per persona;
 * switching back to local mode deletes it.
 */
export const networkSessions = pgTable('network_sessions', {
  personaId: uuid('persona_id')
    .primaryKey()
    .references(() => personas.id, { onDelete: 'cascade' }),
  /** base64 of iv (12 bytes) · auth tag (16 bytes) · ciphertext of the cookies' JSON. */
  sealed: text('sealed').notNull(),
  /** Chooses the cloud proxy the session is used through (ISO 3166-1 alpha-2). */
  countryCode: text('country_code').notNull(),
  consentedAt: instant('consented_at').notNull(),
});
