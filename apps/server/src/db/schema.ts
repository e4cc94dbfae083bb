import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One working interval: start and duration in minutes from midnight (seed 000 §3 "Working hours"). */
export type WorkingInterval = { start: number; duration: number };
/** Per weekday, Monday to Sunday, a list of intervals. */
export type WorkingHours = {
  monday: WorkingInterval[];
  tuesday: WorkingInterval[];
  wednesday: WorkingInterval[];
  thursday: WorkingInterval[];
  friday: WorkingInterval[];
  saturday: WorkingInterval[];
  sunday: WorkingInterval[];
};

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    oidcSubject: text('oidc_subject').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** The workspace: every row that belongs to a user carries its persona id. One per user for now. */
export const personas = pgTable(
  'personas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timezoneOffset: integer('timezone_offset'),
    workingHours: jsonb('working_hours').$type<WorkingHours>(),
    dailyFollowLimit: integer('daily_follow_limit').notNull().default(25),
    dailyInvitationsLimit: integer('daily_invitations_limit').notNull().default(20),
    dailyReactOnPostLimit: integer('daily_react_on_post_limit').notNull().default(30),
    dailyMessagesLimit: integer('daily_messages_limit').notNull().default(30),
    isBetaUser: boolean('is_beta_user').notNull().default(true),
    onboarding: boolean('onboarding').notNull().default(true),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true, mode: 'date' }),
    networkEntityId: text('network_entity_id').unique(),
    networkPublicIdentifier: text('network_public_identifier'),
    networkGivenName: text('network_given_name'),
    networkFamilyName: text('network_family_name'),
    networkPicture: text('network_picture'),
    createdAt: createdAt(),
  },
  (t) => [index('personas_user_id_idx').on(t.userId)],
);

/** A pending OIDC sign-in: single use, expires after 10 minutes. */
export const authRequests = pgTable('auth_requests', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  referrer: text('referrer'),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** sha256 hex of the current refresh token; the token itself is never stored. */
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    /** sha256 hex of the refresh token this one replaced, to detect reuse of a rotated token. */
    rotatedFrom: text('rotated_from'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Every refresh token a session has rotated away from, so presenting one again revokes the session. */
export const rotatedRefreshTokens = pgTable('rotated_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const clientLogs = pgTable('client_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'set null' }),
  severity: text('severity').notNull(),
  eventId: text('event_id').notNull(),
  message: text('message').notNull(),
  args: jsonb('args').$type<unknown[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** Accounts of the embedded development identity provider (never used with an external issuer). */
export const devIdpAccounts = pgTable('dev_idp_accounts', {
  accountId: text('account_id').primaryKey(),
  email: text('email').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  createdAt: createdAt(),
});
