/**
 * LinkedIn's dialect as reference/network-api.md §0–§1 describes it: paths, decorations, GraphQL
 * query names (their hashes rotate and are discovered at run time), URNs and REST.li encoding.
 */

export const voyagerPath = '/voyager/api';
export const salesApiPath = '/sales-api';

export const decorations = {
  fullProfile: 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
  invitationCreation: 'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2',
  connections: 'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
  leadSearch: 'com.linkedin.sales.deco.desktop.searchv2.LeadSearchResult-14',
  /** salesApiProfiles' projection: what the import needs of a lead (its profile's address). */
  salesProfiles: '(entityUrn,objectUrn,flagshipProfileUrl)',
} as const;

/** The GraphQL queries the adapter runs; each is sent as queryId=<name>.<hash>. */
export const graphqlQueries = [
  'voyagerSearchDashClusters',
  'messengerConversations',
  'messengerMessages',
] as const;
export type GraphqlQuery = (typeof graphqlQueries)[number];

/** Where a page's scripts name the current hashes: the feed page loads the web app's bundles. */
export const queryIdPagePath = '/feed/';

export const accept = {
  normalized: 'application/vnd.linkedin.normalized+json+2.1',
  json: 'application/json',
  graphql: 'application/graphql',
} as const;

export const urns = {
  profile: (id: string) => `urn:li:fsd_profile:${id}`,
  invitation: (id: string) => `urn:li:fsd_invitation:${id}`,
  activity: (id: string) => `urn:li:activity:${id}`,
  followingState: (id: string) => `urn:li:fsd_followingState:urn:li:fsd_profile:${id}`,
};

/** The id part of a URN (the last segment); for tuple URNs such as conversations the whole URN is the id. */
export function idOfUrn(urn: string): string {
  return urn.slice(urn.lastIndexOf(':') + 1);
}

/** REST.li 2.0 encoding of a value inside variables=(…): reserved characters percent-encoded. */
export function restliString(value: string): string {
  return encodeURIComponent(value).replace(
    /[()',:]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A REST.li text (Sales Navigator's query=(…)) as it travels in a URL's query: the structure's
 * ( ) , : stay, percent escapes stay, anything else a URL would read otherwise (& # + space…)
 * is escaped, which decodes back to the same leaf.
 */
export function restliQueryText(text: string): string {
  return text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-_.~():,%'!*]/gu, (c) => encodeURIComponent(c));
}

/** Reactions to a post, as the port names them and as LinkedIn's reactionType does. */
export const reactionTypes = {
  Like: 'LIKE',
  Celebrate: 'PRAISE',
  Support: 'APPRECIATION',
  Love: 'EMPATHY',
  Insightful: 'INTEREST',
  Funny: 'ENTERTAINMENT',
} as const;

/** Free accounts may write 200 characters in a note, paid ones 300 (reference §2.1), counted in code points. */
export const noteMaxLength = { free: 200, premium: 300 } as const;

/**
 * Star, archive and Focused/Other: "not confirmed in any source reviewed" (reference §1). Taken as
 * categories of the conversation (the list query filters by category), added or removed with
 * ?action=addCategory|removeCategory on the conversations resource; to check against a HAR.
 */
export const inboxCategories = { starred: 'STARRED', archived: 'ARCHIVE', other: 'SECONDARY_INBOX' } as const;

/**
 * The categories a messenger conversation carries and the list query filters by: Focused is
 * PRIMARY_INBOX, Other SECONDARY_INBOX (reference §1); STARRED, ARCHIVE, SPAM and INMAIL are the
 * product's folders taken as categories too (not confirmed by the reference; to check against a HAR).
 */
export const messengerCategories = {
  primary: 'PRIMARY_INBOX',
  secondary: inboxCategories.other,
  starred: inboxCategories.starred,
  archived: inboxCategories.archived,
  spam: 'SPAM',
  inMail: 'INMAIL',
} as const;

/** The folders a sync reads, whose union is every conversation: the inbox's two tabs, archive and spam. */
export const syncedCategories = [
  messengerCategories.primary,
  messengerCategories.secondary,
  messengerCategories.archived,
  messengerCategories.spam,
] as const;

/** LinkedIn's data.code values of table §2.2. */
export const linkedInCodes = {
  customInviteLimitReached: 'CUSTOM_INVITE_LIMIT_REACHED',
  weeklyLimit: 'CANT_INVITE_CONNECTION_LIMIT_REACHED',
  maxInvitationSent: 'MAX_INVITATION_SENT',
  cantResendYet: 'CANT_RESEND_YET',
} as const;

/**
 * The pause between two calls: TQ sleeps 2–5 s at random before each call (reference §2.1
 * "Pacing used by clients"); tests pass zero.
 */
export type RequestPacing = { minMs: number; maxMs: number };
export const linkedInRequestPacing: RequestPacing = { minMs: 2_000, maxMs: 5_000 };
