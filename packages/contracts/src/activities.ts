import { z } from 'zod';
import { reactionSchema } from './campaigns.ts';
import { defineEndpoint } from './endpoint.ts';
import { automationHealthResponseSchema } from './health.ts';
import { reactionSummarySchema, renderContentSchema, renderFormats } from './messaging.ts';
import { connectionDegreeSchema } from './network.ts';
import { activityOutcomeSchema, operationTypeSchema } from './operations.ts';
import { automationPaths } from './paths.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * The runner protocol of the automation service (ARCHITECTURE "Campaign engine"), under
 * automationBasePath. A runner is a cloud worker or the agent in the user's browser.
 *
 * 1. claim: the server picks due activities in one transaction (FOR UPDATE SKIP LOCKED) for the
 *    personas the runner may act for, only inside the persona's working hours and while the daily
 *    limit of the action's kind has room, and leases them for lease_seconds. An activity whose
 *    lease runs out without a report becomes claimable again with attempt + 1.
 * 2. The runner performs the operation through its NetworkClient.
 * 3. report: exactly one outcome per attempt. idempotency_key (the runner's, stable across
 *    retries of the same report) makes a resent report answer duplicate: true and change nothing.
 *    A report for a stale attempt (the lease expired and someone else claimed) is refused with
 *    accepted: false, so an action is never counted twice.
 *    Outcomes: executed (done on the network), error (failed; transient ones are retried by the
 *    engine, others fail the execution), skipped (nothing to do for this contact: already
 *    connected, no posts, private profile), withdrawn (the invitation was withdrawn),
 *    limit_exceeded (the network refused for a limit; the engine reschedules or pauses the
 *    campaign with the matching pause reason).
 * 4. sync: the runner reports new connections and incoming messages it has seen, which is how
 *    invitations become Connected and replies stop sequences. Both are idempotent by network ids.
 */
export const automationActivitiesPaths = {
  claim: '/activities/claim',
  report: '/activities/:id/report',
  reports: '/activities/reports',
  inboxChangeReports: '/inbox-changes/reports',
  syncConnections: '/sync/connections',
  syncConversations: '/sync/conversations',
} as const;

export const maxClaimBatch = 50;
export const maxLeaseSeconds = 15 * 60;

export const claimActivitiesRequestSchema = z.object({
  runner_id: z.string().min(1).max(200),
  max: wholeNumber().min(1).max(maxClaimBatch),
  lease_seconds: wholeNumber().min(10).max(maxLeaseSeconds),
  /** Restrict to these personas (a browser runner acts only for its signed-in user). */
  persona_ids: z.array(z.uuid()).max(100).optional(),
  /**
   * This runner also performs the inbox's changes (a local-mode workspace on LinkedIn: the
   * extension acts for the inbox); the answer then carries the queued ones in inbox_changes.
   */
  inbox_changes: z.boolean().optional(),
});
export type ClaimActivitiesRequest = z.infer<typeof claimActivitiesRequestSchema>;

export const activityTargetSchema = z.object({
  contact_id: z.uuid(),
  public_identifier: z.string().max(200),
  entity_id: z.string().max(200).nullable(),
  profile_url: z.string().max(2048),
  first_name: z.string().max(200),
  last_name: z.string().max(200),
});
export type ActivityTarget = z.infer<typeof activityTargetSchema>;

export const claimedActivitySchema = z.object({
  activity_id: z.uuid(),
  attempt: wholeNumber().min(1),
  lease_expires_at: z.iso.datetime({ offset: true }),
  persona_id: z.uuid(),
  campaign_id: z.uuid(),
  execution_id: z.uuid(),
  step_number: wholeNumber().min(1),
  operation_type: operationTypeSchema,
  target: activityTargetSchema,
  /** Rendered with the contact's values: the invitation note (null: none) or the message. */
  message: z.string().max(8000).nullable(),
  reaction: reactionSchema.nullable(),
  /** The network's invitation id, for Withdraw. */
  network_ref: z.string().max(500).nullable(),
});
export type ClaimedActivity = z.infer<typeof claimedActivitySchema>;
/**
 * A change the inbox made that the persona's own runner performs on the network (local mode on
 * LinkedIn): what to do in which conversation. Each sets a state, so doing it twice changes
 * nothing more; a message carries its origin token, so a resend is not delivered twice.
 */
export const inboxChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    text: z.string().min(1).max(8000),
    recipient: z.object({
      public_identifier: z.string().max(200),
      entity_id: z.string().max(200).nullable(),
    }),
    origin_token: z.string().min(8).max(200),
  }),
  z.object({
    kind: z.literal('edit'),
    message_id: z.string().min(1).max(500),
    text: z.string().min(1).max(8000),
  }),
  z.object({ kind: z.literal('recall'), message_id: z.string().min(1).max(500) }),
  z.object({
    kind: z.literal('react'),
    message_id: z.string().min(1).max(500),
    emoji: z.string().min(1).max(16),
    on: z.boolean(),
  }),
  z.object({ kind: z.literal('read'), read: z.boolean() }),
  z.object({ kind: z.literal('star'), starred: z.boolean() }),
  z.object({ kind: z.literal('archive'), archived: z.boolean() }),
  z.object({ kind: z.literal('mailbox'), mailbox: z.enum(['Focused', 'Other']) }),
  z.object({ kind: z.literal('deleteConversation') }),
  /** The inbox's Sync: the runner syncs the persona's conversations now (reported as a runner's sync). */
  z.object({ kind: z.literal('sync') }),
  /**
   * An attachment the inbox opens: the runner reads the file at `url` (one of the conversation's,
   * checked by the server) with the member's session and reports its bytes (`file`).
   */
  z.object({
    kind: z.literal('fetchAttachment'),
    url: z.string().min(1).max(2048),
    accept: z.string().min(1).max(1000),
  }),
]);
export type InboxChange = z.infer<typeof inboxChangeSchema>;

export const claimedInboxChangeSchema = z.object({
  change_id: z.uuid(),
  attempt: wholeNumber().min(1),
  persona_id: z.uuid(),
  conversation_id: z.string().min(1).max(500),
  change: inboxChangeSchema,
});
export type ClaimedInboxChange = z.infer<typeof claimedInboxChangeSchema>;

export const claimActivitiesResponseSchema = z.object({
  activities: z.array(claimedActivitySchema),
  /** Only when the claim asked for them (inbox_changes: true). */
  inbox_changes: z.array(claimedInboxChangeSchema).max(maxClaimBatch).optional(),
});
export type ClaimActivitiesResponse = z.infer<typeof claimActivitiesResponseSchema>;

export { type ActivityOutcome, activityOutcomeSchema, activityOutcomes } from './operations.ts';

/** The NetworkError fields the engine needs to decide: retry, skip, reschedule or pause. */
export const activityErrorSchema = z.object({
  name: z.string().max(100),
  code: z.string().max(100).optional(),
  message: z.string().max(2000),
  transient: z.boolean(),
  retry_after_ms: wholeNumber().nonnegative().optional(),
});
export type ActivityError = z.infer<typeof activityErrorSchema>;

/** What a ScrapeProfile step read from the profile, for the server to update the contact with. */
export const scrapedProfileSchema = z.object({
  entity_id: z.string().max(200),
  public_identifier: z.string().max(200),
  first_name: z.string().max(200),
  last_name: z.string().max(200),
  headline: z.string().max(500),
  location: z.string().max(200),
  company_name: z.string().max(200).nullable(),
  position_title: z.string().max(200).nullable(),
  industry: z.string().max(200).nullable(),
  summary: z.string().max(5000).nullable(),
  /** Shown only to 1st-degree connections who share it. */
  email: z.string().max(254).nullable(),
  websites: z.array(z.string().max(2048)).max(20),
  skills: z.array(z.string().max(200)).max(100),
  degree: connectionDegreeSchema,
  is_premium: z.boolean(),
});
export type ScrapedProfile = z.infer<typeof scrapedProfileSchema>;

export const reportActivityRequestSchema = z.object({
  attempt: wholeNumber().min(1),
  idempotency_key: z.string().min(8).max(200),
  outcome: activityOutcomeSchema,
  /** Invitation id, message id or post URN of what was done. */
  network_ref: z.string().max(500).optional(),
  error: activityErrorSchema.optional(),
  /** When the runner did it (its clock may lag; the server keeps its own time as well). */
  performed_at: z.iso.datetime({ offset: true }).optional(),
  /** ScrapeProfile, executed: what was read. */
  scraped_profile: scrapedProfileSchema.optional(),
  /**
   * executed after a reconciliation: an earlier attempt's action was found on the network, so this
   * attempt did not act again (the action must be counted once, for the attempt that did it).
   */
  reconciled: z.boolean().optional(),
});
export type ReportActivityRequest = z.infer<typeof reportActivityRequestSchema>;
export const reportActivityResponseSchema = z.object({ accepted: z.boolean(), duplicate: z.boolean() });
export type ReportActivityResponse = z.infer<typeof reportActivityResponseSchema>;

/** Reports in one request at most: a runner's claimed batch. */
export const maxReportBatch = maxClaimBatch;
export const activityReportSchema = reportActivityRequestSchema.extend({ activity_id: z.uuid() });
export type ActivityReport = z.infer<typeof activityReportSchema>;
/** Several outcomes at once, applied in one transaction in this order (each as its own report would be). */
export const reportActivitiesRequestSchema = z.object({
  reports: z.array(activityReportSchema).min(1).max(maxReportBatch),
});
export type ReportActivitiesRequest = z.infer<typeof reportActivitiesRequestSchema>;
/** Per report, in the request's order; found: false when the caller has no activity with that id. */
export const activityReportResultSchema = reportActivityResponseSchema.extend({
  activity_id: z.uuid(),
  found: z.boolean(),
});
export type ActivityReportResult = z.infer<typeof activityReportResultSchema>;
export const reportActivitiesResponseSchema = z.object({ results: z.array(activityReportResultSchema) });
export type ReportActivitiesResponse = z.infer<typeof reportActivitiesResponseSchema>;

/**
 * The largest attachment the extension hands over for the inbox (local mode on LinkedIn): its
 * bytes travel base64-encoded in the runner's report, so a larger file is refused (413).
 */
export const maxInboxAttachmentBytes = 10 * 1024 * 1024;
/** The base64 text of a file of maxInboxAttachmentBytes. */
export const maxInboxAttachmentBase64Length = 4 * Math.ceil(maxInboxAttachmentBytes / 3);
/** A media type as a Content-Type header may carry it (type/subtype, parameters; no control characters). */
export const attachmentMediaTypeSchema = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;[\x20-\x7e]*)?$/);
/** A fetched attachment as the runner reports it. */
export const reportedAttachmentSchema = z.object({
  media_type: attachmentMediaTypeSchema,
  /** The file's bytes, base64 (standard alphabet, padded). */
  data: z
    .string()
    .max(maxInboxAttachmentBase64Length)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .refine((text) => text.length % 4 === 0, 'Not base64'),
});
export type ReportedAttachment = z.infer<typeof reportedAttachmentSchema>;

/** What became of an inbox change on the network: done (with the sent message's ids) or refused. */
export const inboxChangeReportSchema = z.object({
  change_id: z.uuid(),
  attempt: wholeNumber().min(1),
  outcome: z.enum(['done', 'failed']),
  /** send, done: the message as the network stored it. */
  sent: z
    .object({ message_id: z.string().min(1).max(500), conversation_id: z.string().min(1).max(500) })
    .optional(),
  /** fetchAttachment, done: the file (at most maxInboxAttachmentBytes). */
  file: reportedAttachmentSchema.optional(),
  /** failed: the network's refusal (its name, status and code), as the inbox's call answers it. */
  error: z
    .object({
      name: z.string().max(100),
      message: z.string().max(2000),
      code: z.string().max(100).optional(),
      status: wholeNumber().min(400).max(599).optional(),
    })
    .optional(),
});
export type InboxChangeReport = z.infer<typeof inboxChangeReportSchema>;
export const reportInboxChangesRequestSchema = z.object({
  reports: z.array(inboxChangeReportSchema).min(1).max(maxClaimBatch),
});
export type ReportInboxChangesRequest = z.infer<typeof reportInboxChangesRequestSchema>;
/** accepted: false for a change that is not the caller's, not claimed in that attempt, or given up on. */
export const reportInboxChangesResponseSchema = z.object({
  results: z.array(z.object({ change_id: z.uuid(), accepted: z.boolean() })),
});
export type ReportInboxChangesResponse = z.infer<typeof reportInboxChangesResponseSchema>;

export const syncConnectionsRequestSchema = z.object({
  persona_id: z.uuid(),
  connections: z
    .array(
      z.object({
        public_identifier: z.string().max(200),
        entity_id: z.string().max(200).nullable(),
        connected_at: z.iso.datetime({ offset: true }),
      }),
    )
    .max(1000),
});
export type SyncConnectionsRequest = z.infer<typeof syncConnectionsRequestSchema>;

/** A conversation as the runner saw it on the network: its other participant and its state there. */
export const syncedConversationSchema = z.object({
  conversation_id: z.string().max(500),
  participant: z.object({
    entity_id: z.string().max(200),
    public_identifier: z.string().max(200).nullable(),
    first_name: z.string().max(200),
    last_name: z.string().max(200),
    picture_url: z.string().max(2048).nullable(),
    occupation: z.string().max(500),
  }),
  conversation_type: z.enum(['MEMBER_TO_MEMBER', 'INMAIL', 'SPONSORED']),
  mailbox: z.enum(['Focused', 'Other']),
  is_spam: z.boolean(),
  is_connection: z.boolean(),
  unread_count: wholeNumber().min(0),
  last_activity_at: z.iso.datetime({ offset: true }),
  /**
   * The member's marks as the network holds them (a change made on another device comes back
   * this way); absent from older runners, which leaves the stored marks as they are.
   */
  is_starred: z.boolean().optional(),
  is_archived: z.boolean().optional(),
});
export type SyncedConversation = z.infer<typeof syncedConversationSchema>;

export const syncConversationsRequestSchema = z.object({
  persona_id: z.uuid(),
  messages: z
    .array(
      z.object({
        /** The network's message id; the dedupe key. */
        message_id: z.string().max(500),
        conversation_id: z.string().max(500),
        conversation_url: z.string().max(2048).nullable(),
        from_public_identifier: z.string().max(200),
        from_entity_id: z.string().max(200).nullable(),
        /** Messages from the persona itself are sent too, so manual replies are seen. */
        from_self: z.boolean(),
        sent_at: z.iso.datetime({ offset: true }),
        /** The message as the inbox shows it (the inbox stores what the sync brings). */
        text: z.string().max(8000).optional(),
        /** How it shows now (edited, recalled, written by the network), its files and reactions. */
        render_format: z.enum(renderFormats).optional(),
        render_content: z.array(renderContentSchema).max(20).optional(),
        reaction_summaries: z.array(reactionSummarySchema).max(50).optional(),
        subject: z.string().max(500).nullable().optional(),
      }),
    )
    .max(1000),
  /** The conversations the messages belong to, as the inbox lists them (seed 002 §3). */
  conversations: z.array(syncedConversationSchema).max(1000).optional(),
  /** The cursor the runner continues from next time. */
  next_sync_token: z.string().max(2000).nullable(),
});
export type SyncConversationsRequest = z.infer<typeof syncConversationsRequestSchema>;

/** How many executions moved forward (accepted, replied) and the stored sync token. */
export const syncResponseSchema = z.object({
  updated_executions: wholeNumber().nonnegative(),
  sync_token: z.string().max(2000).nullable(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints of the automation service: a runner acts for the caller's persona only

const runnerCall = {
  service: 'automation',
  access: 'runner',
  tags: ['automation'],
  errors: ['NotFound', 'UnprocessableEntity'],
} as const;

export const automationEndpoints = {
  health: defineEndpoint({
    ...runnerCall,
    errors: [],
    method: 'GET',
    path: automationPaths.health,
    summary: 'The automation service answers for this workspace',
    answers: { 200: automationHealthResponseSchema },
  }),
  claim: defineEndpoint({
    ...runnerCall,
    method: 'POST',
    path: automationActivitiesPaths.claim,
    summary: 'Claim due activities (inside working hours, within the daily limits) for a lease',
    body: claimActivitiesRequestSchema,
    answers: { 200: claimActivitiesResponseSchema },
  }),
  report: defineEndpoint({
    ...runnerCall,
    method: 'POST',
    path: automationActivitiesPaths.report,
    summary: 'Report the outcome of a claimed activity (idempotent, fenced by attempt)',
    params: z.object({ id: z.uuid() }),
    body: reportActivityRequestSchema,
    answers: { 200: reportActivityResponseSchema },
  }),
  reports: defineEndpoint({
    ...runnerCall,
    method: 'POST',
    path: automationActivitiesPaths.reports,
    summary:
      'Report the outcomes of several claimed activities in one transaction (each idempotent and fenced as one report)',
    body: reportActivitiesRequestSchema,
    answers: { 200: reportActivitiesResponseSchema },
  }),
  inboxChangeReports: defineEndpoint({
    ...runnerCall,
    method: 'POST',
    path: automationActivitiesPaths.inboxChangeReports,
    summary: "Report what became of the inbox's changes this runner claimed (local mode on LinkedIn)",
    body: reportInboxChangesRequestSchema,
    answers: { 200: reportInboxChangesResponseSchema },
  }),
  syncConnections: defineEndpoint({
    ...runnerCall,
    method: 'POST',
    path: automationActivitiesPaths.syncConnections,
    summary: 'Report connections seen on the network (accepted invitations)',
    body: syncConnectionsRequestSchema,
    answers: { 200: syncResponseSchema },
  }),
  syncConversations: defineEndpoint({
    ...runnerCall,
    method: 'POST',
    path: automationActivitiesPaths.syncConversations,
    summary: 'Report messages seen on the network (replies stop sequences)',
    body: syncConversationsRequestSchema,
    answers: { 200: syncResponseSchema },
  }),
};
