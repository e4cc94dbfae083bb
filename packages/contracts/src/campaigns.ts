import { z } from 'zod';
import { csvFileAnswer, defineEndpoint } from './endpoint.ts';
import { filterTextSchema, requireSelection, selectAllSchema } from './list-filter.ts';
import { databaseIntegerMax, wholeNumber } from './wire-values.ts';

/**
 * Campaigns of seed 001 (entities §3, states §4, validation §5, calls §7, constants §9). Wire names
 * stay snake_case as the spec gives them (allowAddSteps keeps its camelCase, as the spec spells it).
 * These schemas check shape and hard bounds only; the rules that produce the spec's texts ('Enter
 * your message', 'Too long message', ...) live in @outpilot/domain so the editor and the server give
 * the same answers.
 */

// ---------------------------------------------------------------------------------------------
// Constants (§5, §9)

export const campaignNameMaxLength = 50;
export const connectNoteMaxLength = 290;
/** Free accounts: the network refuses notes over 200 characters (network-api §2.1). */
export const freeAccountNoteMaxLength = 200;
/** Paid accounts: the network's own note limit; the product cap of 290 sits below it. */
export const paidAccountNoteMaxLength = 300;
export const messageMaxLength = 3000;
/** The network's message body limit; the wire refuses anything longer outright. */
const templateHardMaxLength = 8000;
export const maxCampaignSteps = 12;
export const minutesPerDayOfTimer = 1440;
export const defaultConnectDelayMinutes = 30;
export const defaultWithdrawTimeoutMinutes = 10 * minutesPerDayOfTimer;
/** Message timeouts in days by the step's position; 12 entries, which also caps the actions (§5). */
export const messageTimeoutDefaultsDays = [3, 7, 14, 30, 30, 30, 30, 30, 30, 30, 30, 30] as const;
/** Below this period the UI shows the delay icon (§5). */
export const delayTimeoutConstantMinutes = 1_576_800;
/** Timer inputs: days 0-9999, hours 0-23, minutes 0-59 (§5). */
export const timerMaxDays = 9999;
export const timerMaxMinutes = timerMaxDays * 1440 + 23 * 60 + 59;
export const launchInOptionsMinutes = [0, 60, 120, 1440, 2880, 4320, 5760] as const;
export const campaignsPageSize = 25;
export const campaignsPickerPageSize = 10;
export const recentCampaignsCount = 5;
export const pieChartLabelThresholdPercent = 5;

// ---------------------------------------------------------------------------------------------
// Steps

export {
  type ActionStepType,
  actionStepTypeSchema,
  actionStepTypes,
  type StoredStepType,
  storedStepTypes,
} from './step-types.ts';

export const reactions = ['Like', 'Celebrate', 'Support', 'Love', 'Insightful', 'Funny'] as const;
export const reactionSchema = z.enum(reactions);
export type Reaction = z.infer<typeof reactionSchema>;

/** The network's reactionType for each product reaction (network-api §1 "React to a post"). */
export const networkReactionValues: Readonly<Record<Reaction, string>> = {
  Like: 'LIKE',
  Celebrate: 'PRAISE',
  Support: 'APPRECIATION',
  Love: 'EMPATHY',
  Insightful: 'INTEREST',
  Funny: 'ENTERTAINMENT',
};

const timerMinutesSchema = wholeNumber().min(0).max(timerMaxMinutes);
const templateSchema = z.string().max(templateHardMaxLength);

/**
 * Every action step has a timeout in minutes, whose meaning depends on the type:
 * - Connect: the withdraw period; an invitation still pending after it is withdrawn.
 * - Message: how long to wait for a reply before the next step (or 'Not responded' when last).
 * - the other actions: the wait after the action before the next step.
 * Connect's own delay (acceptance to next step) is the Delay step in the stored form.
 */
const connectFields = {
  type: z.literal('Connect'),
  /** The optional invitation note; null or '' sends the invitation without a note. */
  message_template: templateSchema.nullable().optional(),
  timeout: timerMinutesSchema.default(defaultWithdrawTimeoutMinutes),
};
const messageStepSchema = z.object({
  type: z.literal('Message'),
  message_template: templateSchema,
  timeout: timerMinutesSchema,
});
const reactOnPostStepSchema = z.object({
  type: z.literal('ReactOnPost'),
  reaction: reactionSchema,
  timeout: timerMinutesSchema,
});
const plainStepSchema = (type: 'VisitProfile' | 'Follow' | 'EndorseSkill' | 'ScrapeProfile') =>
  z.object({ type: z.literal(type), timeout: timerMinutesSchema });

/** Read form (the editor's and GET's): Connect carries the folded Delay as `delay`. */
export const connectStepSchema = z.object({
  ...connectFields,
  /** Minutes between acceptance and the next step; default 30, minimum 0 (§5). */
  delay: timerMinutesSchema.default(defaultConnectDelayMinutes),
});
export const campaignStepSchema = z.discriminatedUnion('type', [
  connectStepSchema,
  messageStepSchema,
  plainStepSchema('VisitProfile'),
  plainStepSchema('Follow'),
  reactOnPostStepSchema,
  plainStepSchema('EndorseSkill'),
  plainStepSchema('ScrapeProfile'),
]);
export type CampaignStep = z.infer<typeof campaignStepSchema>;
export type ConnectStep = Extract<CampaignStep, { type: 'Connect' }>;

/** Stored form: a Delay step follows every Connect that is not last (§2 "Steps editor"). */
export const delayStepSchema = z.object({ type: z.literal('Delay'), timeout: timerMinutesSchema });
export type DelayStep = z.infer<typeof delayStepSchema>;
export const storedConnectStepSchema = z.object(connectFields);
export const storedStepSchema = z.discriminatedUnion('type', [
  storedConnectStepSchema,
  messageStepSchema,
  plainStepSchema('VisitProfile'),
  plainStepSchema('Follow'),
  reactOnPostStepSchema,
  plainStepSchema('EndorseSkill'),
  plainStepSchema('ScrapeProfile'),
  delayStepSchema,
]);
export type StoredStep = z.infer<typeof storedStepSchema>;

// ---------------------------------------------------------------------------------------------
// Campaign document

export const campaignStates = ['Compose', 'Running', 'Stopped', 'Completed'] as const;
export const campaignStateSchema = z.enum(campaignStates);
export type CampaignState = z.infer<typeof campaignStateSchema>;

/** Display names of §2: Compose is a draft, Running active, Stopped paused. */
export const campaignStateLabels: Readonly<Record<CampaignState, string>> = {
  Compose: 'draft',
  Running: 'active',
  Stopped: 'paused',
  Completed: 'completed',
};

export const completeReasonSchema = z.enum(['User', 'System']);
export type CompleteReason = z.infer<typeof completeReasonSchema>;

/**
 * Why a campaign is Stopped. User: paused by its owner. The two network ones lock the row (§2).
 * NotAuthenticated: the runner lost the network session; resuming after signing in again is safe.
 * SubscriptionExpired: the workspace's subscription lapsed; running again needs an active plan.
 */
export const pauseReasons = [
  'User',
  'ExceedFreeMonthlyPersonalizedInvitations',
  'TooLongInvitationMessage',
  'NotAuthenticated',
  'SubscriptionExpired',
] as const;
export const pauseReasonSchema = z.enum(pauseReasons);
export type PauseReason = z.infer<typeof pauseReasonSchema>;
/** How a pause reason reads next to the status (the detail page) and in a contact's or queue row's wait. */
export const pauseReasonLabels: Readonly<Record<PauseReason, string>> = {
  User: 'paused by you',
  ExceedFreeMonthlyPersonalizedInvitations: 'monthly invitation limit reached',
  TooLongInvitationMessage: 'invitation note too long',
  NotAuthenticated: 'signed out of the network',
  SubscriptionExpired: 'subscription expired',
};
/** Why a still-going contact of a paused campaign waits (issue 21 item 3), e.g. after a network sign-out. */
export function campaignPausedText(reason: PauseReason | null): string {
  return reason === null ? 'The campaign is paused' : `The campaign is paused: ${pauseReasonLabels[reason]}`;
}
export const lockingPauseReasons: ReadonlySet<PauseReason> = new Set<PauseReason>([
  'ExceedFreeMonthlyPersonalizedInvitations',
  'TooLongInvitationMessage',
]);

export const campaignEventNames = ['run', 'stop', 'complete', 'clone', 'archive', 'unarchive'] as const;
export type CampaignEventName = (typeof campaignEventNames)[number];
export const campaignEventSchema = z.object({
  enabled: z.boolean(),
  /** Why the action is disabled; null when enabled. */
  hint: z.string().nullable(),
  title: z.string().optional(),
});
export type CampaignEvent = z.infer<typeof campaignEventSchema>;
export const campaignEventsSchema = z.object({
  run: campaignEventSchema,
  stop: campaignEventSchema,
  complete: campaignEventSchema,
  clone: campaignEventSchema,
  archive: campaignEventSchema,
  unarchive: campaignEventSchema,
});
export type CampaignEvents = z.infer<typeof campaignEventsSchema>;

const countSchema = wholeNumber().nonnegative();
/** A percentage 0-100; null when nothing was processed yet (the list shows '...'). */
const rateSchema = z.number().min(0).max(100).nullable();

export const campaignStatisticsSchema = z.object({
  started_count: countSchema,
  in_queue_count: countSchema,
  invitation_sent: countSchema,
  acceptance_rate: rateSchema,
  messages_sent: countSchema,
  reply_rate: rateSchema,
});
export type CampaignStatistics = z.infer<typeof campaignStatisticsSchema>;

export const campaignOwnerSchema = z.object({
  email: z.string().max(320),
  nickname: z.string().max(200),
  persona_id: z.uuid(),
  linkedin_profile: z.string().max(2048).nullable(),
});
export type CampaignOwner = z.infer<typeof campaignOwnerSchema>;

const instantSchema = z.iso.datetime({ offset: true });
/** The name's two texts: the editor's warnings and the server's 422 message are the same. */
export const campaignNameTexts = {
  required: 'Enter the campaign name',
  tooLong: `The campaign name can be at most ${campaignNameMaxLength} characters`,
} as const;
export const campaignNameSchema = z
  .string()
  .trim()
  .min(1, { error: campaignNameTexts.required })
  .max(campaignNameMaxLength, { error: campaignNameTexts.tooLong });

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string().max(campaignNameMaxLength),
  state: campaignStateSchema,
  complete_reason: completeReasonSchema.nullable(),
  pause_reason: pauseReasonSchema.nullable(),
  archived: z.boolean(),
  created: instantSchema,
  started: instantSchema.nullable(),
  completed: instantSchema.nullable(),
  target_audience_count: countSchema,
  in_queue_count: countSchema,
  owner: campaignOwnerSchema,
  steps: z.array(campaignStepSchema).max(maxCampaignSteps),
  statistics: campaignStatisticsSchema,
  events: campaignEventsSchema,
  /** True only for a Compose campaign that is not archived (§2 "Steps editor"). */
  allowAddSteps: z.boolean(),
  /** Wait before the first step after run; one of launchInOptionsMinutes. */
  launch_in_minutes: wholeNumber().min(0).max(timerMaxMinutes),
});
export type Campaign = z.infer<typeof campaignSchema>;

// ---------------------------------------------------------------------------------------------
// Calls (§7), paths under apiBasePath. Parameters are written ':name' for the server's router;
// fillPath (endpoint.ts) builds concrete paths for clients.

export const campaignsPaths = {
  create: '/campaigns',
  page: '/campaigns/page',
  get: '/campaigns/:id',
  rename: '/campaigns/:id/update',
  updateSteps: '/campaigns/:id/update_steps',
  run: '/campaigns/:id/run',
  stop: '/campaigns/:id/stop',
  complete: '/campaigns/:id/complete',
  clone: '/campaigns/:id/clone',
  archive: '/campaigns/:id/archive',
  unarchive: '/campaigns/:id/unarchive',
  preview: '/campaigns/:id/preview',
  executionsStatistics: '/campaigns/:id/executions-statistics',
  /** PUT adds, DELETE removes (optional filter). */
  targetAudience: '/campaigns/:id/target_audience',
  targetAudiencePreview: '/campaigns/:id/target_audience/preview',
  /** The same preview for a campaign not created yet (create-with-contacts). */
  newCampaignAudiencePreview: '/campaigns/target_audience/preview',
  executionsPage: '/executions/page',
  executionComplete: '/executions/:id/complete',
  executionResume: '/executions/:id/resume',
  /** DELETE */
  executionsDelete: '/executions/delete',
  executionsDeletePreview: '/executions/delete/preview',
  executionStepMessage: '/executions/:id/steps/:stepNumber/message',
  executionsExport: '/executions/export',
  activitiesQueue: '/workspace/activities-queue',
  campaignsExport: '/campaigns/export',
  recentActivitiesExport: '/recent-activities/export',
} as const;

export const campaignIdParamsSchema = z.object({ id: z.uuid() });

/** List query of ARCHITECTURE "API shape"; $filter is the OData subset, parsed on an allow-list. */
export const pageQuerySchema = z.object({
  $take: z.coerce.number().int().min(1).max(1000).optional(),
  $skip: z.coerce.number().int().min(0).max(databaseIntegerMax).optional(),
  $filter: filterTextSchema.optional(),
  $searchQuery: z.string().max(200).optional(),
  $orderby: z.string().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Query-string booleans arrive as text. */
const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const campaignsPageQuerySchema = pageQuerySchema.extend({ archived: queryBooleanSchema.optional() });
export type CampaignsPageQuery = z.infer<typeof campaignsPageQuerySchema>;

export const pageOf = <T extends z.ZodType>(document: T) =>
  z.object({ documents: z.array(document), total: wholeNumber() });

export const renameCampaignRequestSchema = z.object({ name: campaignNameSchema });
export type RenameCampaignRequest = z.infer<typeof renameCampaignRequestSchema>;
export const updateStepsRequestSchema = z.object({
  // The wire bound is loose so the domain can answer with the spec's own texts.
  steps: z.array(campaignStepSchema).max(maxCampaignSteps * 2),
  launch_in_minutes: wholeNumber().min(0).max(timerMaxMinutes).optional(),
});
export type UpdateStepsRequest = z.infer<typeof updateStepsRequestSchema>;

/** create, get, rename, update_steps, run, stop, complete, archive, unarchive answer the campaign; clone answers the new one. */
export const campaignResponseSchema = campaignSchema;
export const campaignsPageResponseSchema = pageOf(campaignSchema);
export type CampaignsPageResponse = z.infer<typeof campaignsPageResponseSchema>;

export const validationRuleSummarySchema = z.object({
  count: countSchema,
  description: z.string().max(500),
});
export type ValidationRuleSummary = z.infer<typeof validationRuleSummarySchema>;
export const startPreviewSchema = z.object({
  validation_rules_summary: z.array(validationRuleSummarySchema),
  valid_audience_count: countSchema,
});
export type StartPreview = z.infer<typeof startPreviewSchema>;

/** Audience changes take a filter (OData subset) or a search query; none means all contacts. */
export const audienceSelectionSchema = z.object({
  filter: filterTextSchema.optional(),
  searchQuery: z.string().max(200).optional(),
});
export type AudienceSelection = z.infer<typeof audienceSelectionSchema>;
export const addTargetAudienceRequestSchema = audienceSelectionSchema;
/**
 * POST campaigns: the name, and for 'Create campaign' from the contacts grid the contacts to put
 * in (the create-with-contacts call is "not shown" in seed 002 §7; docs/decisions.md).
 */
export const createCampaignRequestSchema = z.object({
  name: campaignNameSchema,
  target_audience: audienceSelectionSchema.optional(),
});
export type CreateCampaignRequest = z.infer<typeof createCampaignRequestSchema>;
export const targetAudiencePreviewQuerySchema = audienceSelectionSchema;
/** DELETE target_audience removes the selected contacts; with neither filter nor search, all=true. */
export const removeTargetAudienceQuerySchema = audienceSelectionSchema
  .extend({ all: selectAllSchema.optional() })
  .superRefine(requireSelection);
/** 'will add N, M will not be added' (§5). */
export const audiencePreviewSchema = z.object({
  valid_count: countSchema,
  invalid_count: countSchema,
  validation_rules_summary: z.array(validationRuleSummarySchema),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;
export const audienceChangeResponseSchema = z.object({ count: countSchema });
export type AudienceChangeResponse = z.infer<typeof audienceChangeResponseSchema>;

export const campaignsExportQuerySchema = z.object({
  filter: filterTextSchema.optional(),
  searchQuery: z.string().max(200).optional(),
  orderby: z.string().max(100).optional(),
  archived: queryBooleanSchema.optional(),
});
export type CampaignsExportQuery = z.infer<typeof campaignsExportQuerySchema>;
/** Exports (campaigns, executions, recent activities) answer CSV text with this media type. */
export const csvMediaType = 'text/csv; charset=utf-8';

// ---------------------------------------------------------------------------------------------
// Endpoints (§7): each scoped to the caller's persona (another's campaign: 404)

const campaignCall = {
  service: 'api',
  access: 'user',
  tags: ['campaigns'],
  errors: ['NotFound', 'UnprocessableEntity'],
} as const;
const campaignLifecycle = (path: string, summary: string) =>
  defineEndpoint({
    ...campaignCall,
    method: 'PUT',
    path,
    summary,
    params: campaignIdParamsSchema,
    answers: { 200: campaignResponseSchema },
  });

export const campaignsEndpoints = {
  create: defineEndpoint({
    ...campaignCall,
    method: 'POST',
    path: campaignsPaths.create,
    summary: 'Create a draft campaign',
    body: createCampaignRequestSchema,
    answers: { 200: campaignResponseSchema },
  }),
  page: defineEndpoint({
    ...campaignCall,
    method: 'GET',
    path: campaignsPaths.page,
    summary: 'One page of campaigns (archived=true for the archive); default created desc',
    query: campaignsPageQuerySchema,
    answers: { 200: campaignsPageResponseSchema },
  }),
  export: defineEndpoint({
    ...campaignCall,
    method: 'GET',
    path: campaignsPaths.campaignsExport,
    summary: 'The campaign list as CSV',
    query: campaignsExportQuerySchema,
    answers: { 200: csvFileAnswer },
  }),
  get: defineEndpoint({
    ...campaignCall,
    method: 'GET',
    path: campaignsPaths.get,
    summary: 'One campaign',
    params: campaignIdParamsSchema,
    answers: { 200: campaignResponseSchema },
  }),
  rename: defineEndpoint({
    ...campaignCall,
    method: 'PUT',
    path: campaignsPaths.rename,
    summary: 'Rename (max 50 characters)',
    params: campaignIdParamsSchema,
    body: renameCampaignRequestSchema,
    answers: { 200: campaignResponseSchema },
  }),
  updateSteps: defineEndpoint({
    ...campaignCall,
    method: 'PUT',
    path: campaignsPaths.updateSteps,
    summary: 'Save the steps (validated; limited once started)',
    params: campaignIdParamsSchema,
    body: updateStepsRequestSchema,
    answers: { 200: campaignResponseSchema },
  }),
  run: campaignLifecycle(campaignsPaths.run, 'Launch (Compose) or resume (Stopped)'),
  stop: campaignLifecycle(campaignsPaths.stop, 'Pause a running campaign'),
  complete: campaignLifecycle(campaignsPaths.complete, 'Complete: contacts still going are cancelled'),
  clone: campaignLifecycle(
    campaignsPaths.clone,
    'A new draft with the same steps (answers the new campaign)',
  ),
  archive: campaignLifecycle(campaignsPaths.archive, 'Archive (not while running)'),
  unarchive: campaignLifecycle(campaignsPaths.unarchive, 'Restore from the archive'),
  preview: defineEndpoint({
    ...campaignCall,
    method: 'GET',
    path: campaignsPaths.preview,
    summary: 'Start preview: contacts run would exclude (by rule) and the valid count',
    params: campaignIdParamsSchema,
    answers: { 200: startPreviewSchema },
  }),
  addTargetAudience: defineEndpoint({
    ...campaignCall,
    method: 'PUT',
    path: campaignsPaths.targetAudience,
    summary: 'Add contacts (a filter or search over the contacts; none: all)',
    params: campaignIdParamsSchema,
    body: addTargetAudienceRequestSchema,
    answers: { 200: audienceChangeResponseSchema },
  }),
  previewTargetAudience: defineEndpoint({
    ...campaignCall,
    method: 'GET',
    path: campaignsPaths.targetAudiencePreview,
    summary: 'How many of the selected contacts would be added',
    params: campaignIdParamsSchema,
    query: targetAudiencePreviewQuerySchema,
    answers: { 200: audiencePreviewSchema },
  }),
  previewNewCampaignAudience: defineEndpoint({
    ...campaignCall,
    method: 'GET',
    path: campaignsPaths.newCampaignAudiencePreview,
    summary: 'How many of the selected contacts a campaign created with them would hold',
    query: targetAudiencePreviewQuerySchema,
    answers: { 200: audiencePreviewSchema },
  }),
  removeTargetAudience: defineEndpoint({
    ...campaignCall,
    method: 'DELETE',
    path: campaignsPaths.targetAudience,
    summary: 'Remove contacts not yet launched (query: filter, searchQuery, or all=true)',
    params: campaignIdParamsSchema,
    query: removeTargetAudienceQuerySchema,
    answers: { 200: audienceChangeResponseSchema },
  }),
};
