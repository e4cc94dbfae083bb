import { z } from 'zod';
import {
  campaignIdParamsSchema,
  campaignsPaths,
  pageOf,
  pageQuerySchema,
  pauseReasonSchema,
  storedStepTypes,
} from './campaigns.ts';
import { csvFileAnswer, defineEndpoint } from './endpoint.ts';
import { filterTextSchema, requireSelection, selectAllSchema } from './list-filter.ts';
import { operationTypeSchema } from './operations.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * Executions (one per contact and campaign) and the activity queue of seed 001 §3, §4 and §7.
 * step_number is the 1-based position in the campaign's stored step list (Delay steps included,
 * which is why step_executions carry is_visible).
 */

export const executionStates = [
  'NotStarted',
  'InQueue',
  'InProgress',
  'Succeed',
  'Ignored',
  'Skipped',
  'Cancelled',
  'Failed',
] as const;
export const executionStateSchema = z.enum(executionStates);
export type ExecutionState = z.infer<typeof executionStateSchema>;

export const finalExecutionStates: ReadonlySet<ExecutionState> = new Set<ExecutionState>([
  'Succeed',
  'Ignored',
  'Skipped',
  'Cancelled',
  'Failed',
]);

export { type OperationType, operationTypeSchema, operationTypes } from './operations.ts';

const countSchema = wholeNumber().nonnegative();
const shortText = z.string().max(500);
const urlText = z.string().max(2048);

export const connectionDegreeLabelSchema = z.enum(['1st', '2nd', '3rd', 'Out of network']);

/** The contact as executions and the queue show it; the placeholder fields feed message rendering. */
export const linkedinContactSchema = z.object({
  id: z.uuid(),
  public_identifier: z.string().max(200),
  entity_id: z.string().max(200).nullable(),
  first_name: z.string().max(200),
  last_name: z.string().max(200),
  full_name: z.string().max(400),
  headline: shortText.nullable(),
  picture: urlText.nullable(),
  location: z.string().max(200).nullable(),
  country: z.string().max(100).nullable(),
  company_name: z.string().max(200).nullable(),
  position_title: z.string().max(200).nullable(),
  custom_field_1: z.string().max(1000).nullable(),
  custom_field_2: z.string().max(1000).nullable(),
  custom_field_3: z.string().max(1000).nullable(),
  connection: connectionDegreeLabelSchema.nullable(),
  is_premium: z.boolean(),
  profile_url: urlText,
});
export type LinkedinContact = z.infer<typeof linkedinContactSchema>;

export const rowActionSchema = z.object({ enabled: z.boolean(), hint: z.string().nullable() });
export type RowAction = z.infer<typeof rowActionSchema>;

export const stepExecutionSchema = z.object({
  step_number: wholeNumber().min(1),
  type: z.enum(storedStepTypes),
  /** Delay steps are folded into Connect on screen. */
  is_visible: z.boolean(),
  state: executionStateSchema,
  human_state: shortText,
  hint: shortText.nullable(),
  /** A Connect's note or a Message's text as rendered for this contact (issue 21 item 5); null for other steps. */
  message: z.string().max(8000).nullable().optional(),
  /**
   * The step's date (issue 21 item 5): when its action was done or failed (the activity's report;
   * for a withdrawn invitation, the withdrawal), or when its queued action is scheduled to run
   * (the queue's forecast, else its due time). Absent when the step has no action of its own yet
   * (not reached, beyond the queue window, its campaign paused) or it predates the reports.
   */
  date: z
    .object({ kind: z.enum(['done', 'failed', 'scheduled']), at: z.iso.datetime({ offset: true }) })
    .optional(),
  /**
   * Beyond the spec (issue 21 item 3): the step the execution stands on waits for the contact: an
   * invitation's acceptance (withdrawn at `until`) or a message's reply (the step times out at
   * `until`), since the action was performed. Absent when the step waits for nothing.
   */
  waiting: z
    .object({
      for: z.enum(['acceptance', 'reply']),
      since: z.iso.datetime({ offset: true }).nullable(),
      until: z.iso.datetime({ offset: true }),
    })
    .optional(),
});
export type StepExecution = z.infer<typeof stepExecutionSchema>;
export type StepWaiting = NonNullable<StepExecution['waiting']>;
export type StepDate = NonNullable<StepExecution['date']>;

export const executionActionsSchema = z.object({
  show_details: rowActionSchema,
  open_linkedin_profile: rowActionSchema,
  open_conversation: rowActionSchema,
  open_campaign: rowActionSchema,
  complete: rowActionSchema,
  /** Resume a cancelled or failed conversation (the inbox's right panel, seed 002 §2.5). */
  resume: rowActionSchema,
});
export type ExecutionActions = z.infer<typeof executionActionsSchema>;

export const executionSchema = z.object({
  id: z.uuid(),
  linkedin_contact: linkedinContactSchema,
  campaign_id: z.uuid(),
  campaign_name: z.string().max(50),
  /** When the contact entered the campaign (seed 002 §3 "Contact execution"). */
  created: z.iso.datetime({ offset: true }),
  state: executionStateSchema,
  human_state: shortText,
  /** Minutes until the next planned activity; null when nothing is planned. */
  start_in: wholeNumber().nonnegative().nullable(),
  step_executions: z.array(stepExecutionSchema),
  actions: executionActionsSchema,
  conversation_url: urlText.nullable(),
  step_number: wholeNumber().min(1).nullable(),
  operation_type: operationTypeSchema.nullable(),
  run_in_minutes: wholeNumber().nonnegative().nullable(),
  /** The rendered text the next activity will send, when it sends one. */
  message: z.string().max(8000).nullable(),
});
export type Execution = z.infer<typeof executionSchema>;

export const executionsPageQuerySchema = pageQuerySchema.extend({
  campaign_id: z.uuid().optional(),
});
export type ExecutionsPageQuery = z.infer<typeof executionsPageQuerySchema>;
export const executionsPageResponseSchema = pageOf(executionSchema);
export type ExecutionsPageResponse = z.infer<typeof executionsPageResponseSchema>;

export const executionIdParamsSchema = z.object({ id: z.uuid() });
export const executionStepParamsSchema = z.object({
  id: z.uuid(),
  stepNumber: z.coerce.number().int().min(1).max(100),
});
/** The spec does not show this answer; the rendered text for that contact is the useful part. */
export const executionStepMessageResponseSchema = z.object({ message: z.string().max(8000).nullable() });
export type ExecutionStepMessageResponse = z.infer<typeof executionStepMessageResponseSchema>;

const executionsSelectionSchema = z.object({
  filter: filterTextSchema.optional(),
  searchQuery: z.string().max(200).optional(),
});
/** GET executions/delete/preview and DELETE executions/delete: a filter, a search query or all=true. */
export const executionsDeleteQuerySchema = executionsSelectionSchema
  .extend({ all: selectAllSchema.optional() })
  .superRefine(requireSelection);
export type ExecutionsDeleteQuery = z.infer<typeof executionsDeleteQuerySchema>;
/** The spec's "Preview of removal" (seed 002 §3): what the rules keep, by rule, and how many go. */
export const executionsDeletePreviewSchema = z.object({
  validation_rules_summary: z.array(z.object({ count: countSchema, description: shortText })).max(100),
  valid_audience_count: countSchema,
});
export type ExecutionsDeletePreview = z.infer<typeof executionsDeletePreviewSchema>;
export const executionsDeleteResponseSchema = z.object({ count: countSchema });

export const executionsExportQuerySchema = executionsSelectionSchema.extend({
  campaign_id: z.uuid().optional(),
  orderby: z.string().max(100).optional(),
});

/** Per stored step of a campaign (GET campaigns/{id}/executions-statistics). */
export const stepExecutionStatisticsSchema = z.object({
  step_number: wholeNumber().min(1),
  type: z.enum(storedStepTypes),
  not_started: countSchema,
  in_queue: countSchema,
  in_progress: countSchema,
  succeed: countSchema,
  ignored: countSchema,
  cancelled: countSchema,
  skipped: countSchema,
  failed: countSchema,
});
export type StepExecutionStatistics = z.infer<typeof stepExecutionStatisticsSchema>;
export const executionsStatisticsResponseSchema = z.object({
  /** Whole-campaign totals (the pie chart) and the per-step breakdown. */
  total: stepExecutionStatisticsSchema.omit({ step_number: true, type: true }),
  steps: z.array(stepExecutionStatisticsSchema),
});
export type ExecutionsStatisticsResponse = z.infer<typeof executionsStatisticsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Activity queue (GET workspace/activities-queue)

/**
 * Why a queued activity waits (beyond the spec): the claim's own checks, in its order (the
 * domain's explainWait). until: when that ends, when known. campaign-paused: the claim takes only
 * Running campaigns' activities; pause_reason says why the campaign stopped (a network sign-out
 * is NotAuthenticated).
 */
export const queueWaitReasonCodes = [
  'campaign-paused',
  'outside-working-hours',
  'daily-limit-reached',
  'weekly-invitations-blocked',
  'step-delay',
  'queued-behind',
] as const;
export const queueLimitKinds = ['invitations', 'messages', 'follow', 'reactOnPost', 'profileViews'] as const;
export const queueWaitReasonSchema = z.object({
  code: z.enum(queueWaitReasonCodes),
  /** The limit that holds it back (daily-limit-reached, weekly-invitations-blocked). */
  limit_kind: z.enum(queueLimitKinds).nullable(),
  until: z.iso.datetime({ offset: true }).nullable(),
  /** Why its campaign is paused (campaign-paused only). */
  pause_reason: pauseReasonSchema.nullable().optional(),
});
export type QueueWaitReason = z.infer<typeof queueWaitReasonSchema>;

export const activityQueueItemSchema = z.object({
  id: z.uuid(),
  campaign: z.object({ id: z.uuid(), name: z.string().max(50) }),
  execution: z.object({
    id: z.uuid(),
    state: executionStateSchema,
    human_state: shortText,
    step_executions: z.array(stepExecutionSchema),
    conversation_url: urlText.nullable(),
    linkedin_contact: linkedinContactSchema,
  }),
  step_number: wholeNumber().min(1),
  operation_type: operationTypeSchema,
  /** 0 means processing now (§2 "Activities queue"); null: not before its paused campaign is resumed. */
  run_in_minutes: wholeNumber().nonnegative().nullable(),
  actions: executionActionsSchema,
  message: z.string().max(8000).nullable(),
  /** Null while it is processing (claimed by a runner). */
  wait_reason: queueWaitReasonSchema.nullable(),
});
export type ActivityQueueItem = z.infer<typeof activityQueueItemSchema>;

export const activitiesQueueQuerySchema = z.object({
  $take: z.coerce.number().int().min(1).max(1000).optional(),
});
/** Banner flags of the queue page, computed with the list so the page needs one call. */
export const activitiesQueueResponseSchema = z.object({
  data: z.object({ documents: z.array(activityQueueItemSchema), total: wholeNumber() }),
  weekly_invitation_limit_exceeded: z.boolean(),
  outside_working_hours: z.boolean(),
});
export type ActivitiesQueueResponse = z.infer<typeof activitiesQueueResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 001 §7): executions (campaign contacts), the activity queue and the exports

const executionCall = {
  service: 'api',
  access: 'user',
  tags: ['executions'],
  errors: ['NotFound', 'UnprocessableEntity'],
} as const;
const queueCall = { ...executionCall, tags: ['activities-queue'] } as const;
const executionChange = (path: string, summary: string) =>
  defineEndpoint({
    ...executionCall,
    method: 'PUT',
    path,
    summary,
    params: executionIdParamsSchema,
    answers: { 200: executionSchema },
  });

export const executionsEndpoints = {
  statistics: defineEndpoint({
    ...executionCall,
    tags: ['campaigns'],
    method: 'GET',
    path: campaignsPaths.executionsStatistics,
    summary: 'Executions by state, in total and per step',
    params: campaignIdParamsSchema,
    answers: { 200: executionsStatisticsResponseSchema },
  }),
  page: defineEndpoint({
    ...executionCall,
    method: 'GET',
    path: campaignsPaths.executionsPage,
    summary: 'One page of executions (campaign_id narrows); default created asc',
    query: executionsPageQuerySchema,
    answers: { 200: executionsPageResponseSchema },
  }),
  complete: executionChange(
    campaignsPaths.executionComplete,
    'Cancel the conversation (queued activities removed)',
  ),
  resume: executionChange(campaignsPaths.executionResume, 'Resume a cancelled or failed conversation'),
  deletePreview: defineEndpoint({
    ...executionCall,
    method: 'GET',
    path: campaignsPaths.executionsDeletePreview,
    summary: 'How many of the selected contacts can be excluded',
    query: executionsDeleteQuerySchema,
    answers: { 200: executionsDeletePreviewSchema },
  }),
  delete: defineEndpoint({
    ...executionCall,
    method: 'DELETE',
    path: campaignsPaths.executionsDelete,
    summary: 'Exclude the selected contacts from their campaigns',
    query: executionsDeleteQuerySchema,
    answers: { 200: executionsDeleteResponseSchema },
  }),
  stepMessage: defineEndpoint({
    ...executionCall,
    method: 'GET',
    path: campaignsPaths.executionStepMessage,
    summary: "A step's note or message rendered for the contact",
    params: executionStepParamsSchema,
    answers: { 200: executionStepMessageResponseSchema },
  }),
  export: defineEndpoint({
    ...executionCall,
    method: 'GET',
    path: campaignsPaths.executionsExport,
    summary: 'Executions as a CSV file (streamed; every selected row)',
    query: executionsExportQuerySchema,
    answers: { 200: csvFileAnswer },
  }),
  activitiesQueue: defineEndpoint({
    ...queueCall,
    method: 'GET',
    path: campaignsPaths.activitiesQueue,
    summary: 'Pending activities with minutes until they run (planned now)',
    query: activitiesQueueQuerySchema,
    answers: { 200: activitiesQueueResponseSchema },
  }),
  recentActivitiesExport: defineEndpoint({
    ...queueCall,
    method: 'GET',
    path: campaignsPaths.recentActivitiesExport,
    summary: 'The interaction log of the last 30 days as CSV (Pro)',
    answers: { 200: csvFileAnswer },
  }),
};
