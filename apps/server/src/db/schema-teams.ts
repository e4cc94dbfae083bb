import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { personas, users } from './schema.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A team: created by its owner's first invitation. One team per owning persona. */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerPersonaId: uuid('owner_persona_id')
    .notNull()
    .unique()
    .references(() => personas.id, { onDelete: 'cascade' }),
  createdAt: instant('created_at').notNull(),
});

/**
 * A team member (seed 000 §3 "Persona / team member"): the owner's own row, accepted members and
 * pending invitations. The invitation code is never stored, only its sha256; it works once and
 * until invite_expires_at. A persona is in at most one team.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** null while the invitation is pending. */
    personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    nickname: text('nickname'),
    inviteCodeHash: text('invite_code_hash').unique(),
    inviteExpiresAt: instant('invite_expires_at'),
    invitedAt: instant('invited_at').notNull(),
    acceptedAt: instant('accepted_at'),
  },
  (t) => [
    uniqueIndex('team_members_persona_id_idx').on(t.personaId),
    uniqueIndex('team_members_team_email_idx').on(t.teamId, sql`lower(${t.email})`),
    check('team_members_role_check', sql`${t.role} in ('owner', 'manager', 'user')`),
    check('team_members_nickname_length_check', sql`char_length(${t.nickname}) <= 50`),
  ],
);

/**
 * A session in which an owner or manager works as a member (impersonation). Its access token names
 * both; it has no refresh token, and it ends when stopped, when the member leaves the team or when
 * the acting user's own session ends.
 */
export const impersonationSessions = pgTable(
  'impersonation_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorPersonaId: uuid('actor_persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** The acting user's own session: signing out of it ends this one too. */
    actorSessionId: uuid('actor_session_id').notNull(),
    memberId: uuid('member_id').notNull(),
    memberPersonaId: uuid('member_persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    startedAt: instant('started_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (t) => [index('impersonation_sessions_member_persona_idx').on(t.memberPersonaId)],
);

/** Beyond the spec: who did what in a team, and as whom (impersonation), for the owner to read. */
export const teamAuditLog = pgTable(
  'team_audit_log',
  {
    /** Serial: entries written at one instant keep their order. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    actorPersonaId: uuid('actor_persona_id').references(() => personas.id, { onDelete: 'set null' }),
    /** The member the actor worked as, when the change was made in an impersonation session. */
    actingAsPersonaId: uuid('acting_as_persona_id').references(() => personas.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** The member (or invited e-mail) the change was about, as it read then. */
    subject: text('subject'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: instant('occurred_at').notNull(),
  },
  (t) => [index('team_audit_log_team_idx').on(t.teamId, t.occurredAt)],
);

/** The embedded mail port's outbox: every e-mail the server sent, shown at a development page. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  sentAt: instant('sent_at').notNull(),
});

/**
 * A member's subscription bought by someone else in the team (seed 000 §6 "Activated by"): the
 * checkout the payer opened for the member, and once it is completed the provider's subscription.
 * A member subscription without a row here is self-paid.
 */
export const teamPaidSubscriptions = pgTable(
  'team_paid_subscriptions',
  {
    checkoutId: text('checkout_id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    payerPersonaId: uuid('payer_persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    memberPersonaId: uuid('member_persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** Filled when the checkout is synchronised. */
    providerSubscriptionId: text('provider_subscription_id').unique(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('team_paid_subscriptions_member_idx').on(t.memberPersonaId)],
);
