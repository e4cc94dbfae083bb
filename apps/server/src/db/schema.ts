import { defaultDailyLimits } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList } from './in-list.ts';

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

export const automationModes = ['local', 'cloud'] as const;
export type AutomationMode = (typeof automationModes)[number];

/** What the activity log records: one row per action performed on (or observed from) the network. */
export const activityActions = [
  'invitation_sent',
  'invitation_accepted',
  'invitation_withdrawn',
  'message_sent',
  'reply_received',
  'post_reacted',
  'profile_followed',
  'profile_visited',
  'skill_endorsed',
  'profile_scraped',
] as const;
export type ActivityAction = (typeof activityActions)[number];

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
    dailyFollowLimit: integer('daily_follow_limit')
      .notNull()
      .default(defaultDailyLimits.daily_linkedin_follow_limit),
    dailyInvitationsLimit: integer('daily_invitations_limit')
      .notNull()
      .default(defaultDailyLimits.daily_linkedin_invitations_limit),
    dailyReactOnPostLimit: integer('daily_react_on_post_limit')
      .notNull()
      .default(defaultDailyLimits.daily_linkedin_react_on_post_limit),
    dailyMessagesLimit: integer('daily_messages_limit')
      .notNull()
      .default(defaultDailyLimits.daily_linkedin_messages_limit),
    /** Where the campaign engine runs this workspace's actions; 'cloud' waits for the engine's cloud mode. */
    automationMode: text('automation_mode').$type<AutomationMode>().notNull().default('local'),
    isBetaUser: boolean('is_beta_user').notNull().default(true),
    onboarding: boolean('onboarding').notNull().default(true),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true, mode: 'date' }),
    networkEntityId: text('network_entity_id').unique(),
    networkPublicIdentifier: text('network_public_identifier'),
    networkGivenName: text('network_given_name'),
    networkFamilyName: text('network_family_name'),
    networkPicture: text('network_picture'),
    /** Set when the network refused with its weekly invitation cap: no invitation claims before it. */
    invitationsBlockedUntil: timestamp('invitations_blocked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('personas_user_id_idx').on(t.userId),
    check('personas_automation_mode_check', sql`${t.automationMode} in ('local', 'cloud')`),
  ],
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

/**
 * Every action the campaign engine performed for a workspace (and replies and acceptances it
 * observed), when it happened: the source of the 'Performed' statistics and of the daily limits.
 * campaign_id and execution_id get their foreign keys when those tables exist.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id'),
    executionId: uuid('execution_id'),
    action: text('action').$type<ActivityAction>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_persona_id_occurred_at_idx').on(t.personaId, t.occurredAt),
    check('activity_log_action_check', sql.raw(`"action" in (${inList(activityActions)})`)),
  ],
);

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
export * from './schema-billing.ts';
export * from './schema-campaigns.ts';
export * from './schema-contacts.ts';
export * from './schema-engine.ts';
export * from './schema-messaging.ts';
export * from './schema-sandbox-network.ts';
export * from './schema-teams.ts';
