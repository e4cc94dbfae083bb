import {
  type CampaignState,
  campaignPausedText,
  type Execution,
  type ExecutionActions,
  type ExecutionState,
  type LinkedinContact,
  type OperationType,
  type PauseReason,
  type StepDate,
  type StepExecution,
  type StepWaiting,
  type StoredStep,
} from '@outpilot/contracts';
import {
  executionHumanState,
  humanState,
  minutesUntil,
  profileLinkUrl,
  renderTemplate,
} from '@outpilot/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import { activities, campaigns, contacts, executions, type StepStates } from '../db/schema.ts';
import { forecastPersonaQueue } from '../engine/forecast-persona-queue.ts';

export type ContactRow = typeof contacts.$inferSelect;

const connectionLabels = { 1: '1st', 2: '2nd', 3: '3rd' } as const;

/** The contact's LinkedIn link by whichever id it has (profileLinkUrl of @outpilot/domain). */
export function contactProfileUrl(contact: ContactRow): string {
  return (
    profileLinkUrl({
      publicIdentifier: contact.linkedinPublicIdentifier,
      entityId: contact.linkedinEntityId,
      salesLeadId: contact.salesLeadId,
    }) ?? ''
  );
}

export function toLinkedinContact(contact: ContactRow): LinkedinContact {
  const distance = contact.distance as 1 | 2 | 3 | null;
  return {
    id: contact.id,
    public_identifier: contact.linkedinPublicIdentifier ?? '',
    entity_id: contact.linkedinEntityId,
    first_name: contact.firstName,
    last_name: contact.lastName,
    full_name: contact.fullName,
    headline: contact.occupation,
    picture: contact.pictureUrl,
    location: contact.location,
    country: contact.country,
    company_name: contact.lastJob,
    position_title: contact.occupation,
    custom_field_1: contact.customField1,
    custom_field_2: contact.customField2,
    custom_field_3: contact.customField3,
    connection: distance === null ? null : connectionLabels[distance],
    is_premium: contact.isPremium,
    profile_url: contactProfileUrl(contact),
  };
}

/** The text a step sends to a contact: the invitation note or the message; null for other steps. */
export function renderStepMessage(step: StoredStep | undefined, contact: LinkedinContact): string | null {
  if (step?.type !== 'Connect' && step?.type !== 'Message') return null;
  const template = step.message_template ?? '';
  return template.trim() === '' ? null : renderTemplate(template, contact);
}

/**
 * Each stored step's state; `current` is the step the execution stands on (0-based) and the hint
 * it carries (a still-going contact of a stopped campaign reads why: campaignPausedText).
 */
export function toStepExecutions(
  steps: readonly StoredStep[],
  stepStates: StepStates,
  current: { index: number | null; hint: string | null; waiting?: StepWaiting | undefined } = {
    index: null,
    hint: null,
  },
  /** The contact the step texts are rendered for. */
  contact?: LinkedinContact,
  /** Each step's date, by step number. */
  dates?: ReadonlyMap<number, StepDate>,
): StepExecution[] {
  return steps.map((step, index) => {
    const state: ExecutionState = stepStates[String(index + 1)] ?? 'NotStarted';
    return {
      step_number: index + 1,
      type: step.type,
      is_visible: step.type !== 'Delay',
      state,
      human_state: humanState(state, step.type),
      hint: index === current.index ? current.hint : null,
      ...(contact ? { message: renderStepMessage(step, contact) } : {}),
      ...(dates?.has(index + 1) ? { date: dates.get(index + 1) } : {}),
      ...(index === current.index && current.waiting ? { waiting: current.waiting } : {}),
    };
  });
}

const activeStates: ReadonlySet<ExecutionState> = new Set(['NotStarted', 'InQueue', 'InProgress']);

function currentStepHint(execution: ExecutionView['execution'], campaign: ExecutionView['campaign']) {
  return campaign.state === 'Stopped' && activeStates.has(execution.state)
    ? campaignPausedText(campaign.pauseReason)
    : null;
}

/**
 * What the current step waits for, by the timeouts system's own rule (apply-timeouts.ts): an
 * InProgress execution on a Connect waits for the acceptance until its withdrawal, on a Message for
 * the reply until its timeout; both end at `awaitingUntil`.
 */
export function waitingOf(
  view: Pick<ExecutionView, 'execution' | 'campaign' | 'reports'>,
): StepWaiting | undefined {
  const { execution } = view;
  if (execution.state !== 'InProgress' || execution.awaitingUntil === null || execution.stepIndex === null)
    return undefined;
  const type = view.campaign.steps[execution.stepIndex]?.type;
  if (type !== 'Connect' && type !== 'Message') return undefined;
  const performed = view.reports.get(execution.stepIndex + 1);
  return {
    for: type === 'Connect' ? 'acceptance' : 'reply',
    // Since its action was performed: the current step's done report.
    since: performed?.state === 'done' ? performed.at.toISOString() : null,
    until: execution.awaitingUntil.toISOString(),
  };
}

export function executionActions(
  state: ExecutionState,
  conversationUrl: string | null,
  stepIndex: number | null,
): ExecutionActions {
  const on = { enabled: true, hint: null };
  return {
    show_details: on,
    open_linkedin_profile: on,
    open_conversation: conversationUrl
      ? on
      : { enabled: false, hint: 'No conversation with this contact yet' },
    open_campaign: on,
    complete: activeStates.has(state) ? on : { enabled: false, hint: 'The conversation is already finished' },
    // The domain resumes a cancelled or failed execution that had reached a step.
    resume:
      (state === 'Cancelled' || state === 'Failed') && stepIndex !== null
        ? on
        : { enabled: false, hint: 'Only a cancelled or failed conversation can be resumed' },
  };
}

export type ExecutionView = {
  execution: typeof executions.$inferSelect;
  contact: ContactRow;
  campaign: {
    id: string;
    name: string;
    state: CampaignState;
    pauseReason: PauseReason | null;
    steps: StoredStep[];
  };
  activity: {
    id: string;
    stepNumber: number;
    operationType: OperationType;
    /** When it will run (the persona's forecast); null: processing, or beyond the forecast. */
    runsAt: Date | null;
    /** Its earliest time (the step's delays). */
    dueAt: Date;
    state: string;
  } | null;
  /** Per step number, when its action was last reported done or failed. */
  reports: ReadonlyMap<number, { state: 'done' | 'failed'; at: Date }>;
};

/** An execution with its contact, as one read of both tables answers them. */
export type ExecutionRow = { execution: typeof executions.$inferSelect; contact: ContactRow };

/** What an execution row is read as: the execution and its contact, joined. */
export const executionRowsOf = (db: Executor) =>
  db
    .select({ execution: executions, contact: contacts })
    .from(executions)
    .innerJoin(contacts, eq(contacts.id, executions.contactId));

/**
 * Executions with their contact, campaign and pending (queued or claimed) activity, in the order
 * of ids. With `forecast`, a queued activity's time comes from the persona's forecast, read only
 * when one is queued (or given by a caller that has it already); without, it is left null.
 */
export async function loadExecutionViews(
  db: Executor,
  personaId: string,
  executionIds: readonly string[],
  forecast?: ViewForecast,
): Promise<ExecutionView[]> {
  if (executionIds.length === 0) return [];
  const rows = await executionRowsOf(db).where(
    and(eq(executions.personaId, personaId), inArray(executions.id, [...executionIds])),
  );
  const byId = new Map(rows.map((row) => [row.execution.id, row]));
  const ordered = executionIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return executionViewsOf(db, personaId, ordered, forecast);
}

type ViewForecast = { now: Date; runsAt?: ReadonlyMap<string, Date> };

/** Execution rows (read by a caller, in its order) completed with their campaign and activities. */
export async function executionViewsOf(
  db: Executor,
  personaId: string,
  rows: readonly ExecutionRow[],
  forecast?: ViewForecast,
): Promise<ExecutionView[]> {
  if (rows.length === 0) return [];
  const executionIds = rows.map((row) => row.execution.id);
  // Each campaign once, not once per execution: its steps can be tens of kilobytes.
  const campaignIds = [...new Set(rows.map((row) => row.execution.campaignId))];
  // Two independent reads, side by side on the pool.
  const [campaignRows, actionRows] = await readTogether(db, [
    () =>
      db
        .select({
          id: campaigns.id,
          name: campaigns.name,
          state: campaigns.state,
          pauseReason: campaigns.pauseReason,
          steps: campaigns.steps,
        })
        .from(campaigns)
        .where(and(eq(campaigns.personaId, personaId), inArray(campaigns.id, campaignIds))),
    // Every action of these executions but the cancelled: the pending one (queued or claimed) and
    // what each step's actions were reported as.
    () =>
      db.execute(sql`
        select id, execution_id, step_number, operation_type, state, due_at, reported_at, created_at
        from ${activities}
        where execution_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(executionIds)}::jsonb))
          and state <> 'cancelled'`),
  ]);
  const campaignOf = new Map(campaignRows.map((campaign) => [campaign.id, campaign]));
  const actions = rowsOf<{
    id: string;
    execution_id: string;
    step_number: number;
    operation_type: OperationType;
    state: 'queued' | 'claimed' | 'done' | 'failed';
    due_at: string | Date;
    reported_at: string | Date | null;
    created_at: string | Date;
  }>(actionRows);
  const pending = actions
    .filter((row) => row.state === 'queued' || row.state === 'claimed')
    .sort(
      (a, b) =>
        a.step_number - b.step_number || new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
    );
  const activityOf = new Map<string, (typeof pending)[number]>();
  for (const row of pending) if (!activityOf.has(row.execution_id)) activityOf.set(row.execution_id, row);
  // Per execution and step, the latest report (a withdrawal is reported after its invitation).
  const reportsOf = new Map<string, Map<number, { state: 'done' | 'failed'; at: Date }>>();
  for (const row of actions) {
    if ((row.state !== 'done' && row.state !== 'failed') || row.reported_at === null) continue;
    const at = new Date(row.reported_at);
    const reports = reportsOf.get(row.execution_id) ?? new Map();
    const known = reports.get(row.step_number);
    if (!known || known.at < at) reports.set(row.step_number, { state: row.state, at });
    reportsOf.set(row.execution_id, reports);
  }
  const runsAt =
    forecast?.runsAt ??
    (forecast && pending.some((row) => row.state === 'queued')
      ? (await forecastPersonaQueue(db, personaId, forecast.now)).runsAt
      : new Map<string, Date>());
  return rows.flatMap((row) => {
    const id = row.execution.id;
    const campaign = campaignOf.get(row.execution.campaignId);
    if (!campaign) return [];
    const activity = activityOf.get(id);
    return [
      {
        ...row,
        campaign,
        activity: activity
          ? {
              id: activity.id,
              stepNumber: activity.step_number,
              operationType: activity.operation_type,
              runsAt: activity.state === 'queued' ? (runsAt.get(activity.id) ?? null) : null,
              dueAt: new Date(activity.due_at),
              state: activity.state,
            }
          : null,
        reports: reportsOf.get(id) ?? new Map(),
      },
    ];
  });
}

/**
 * Each step's date: when its action was reported done or failed, or for the step whose action is
 * queued, when it runs (the forecast, else its due time). A claimed one is under way: no date.
 */
function stepDates(view: Pick<ExecutionView, 'activity' | 'reports'>): Map<number, StepDate> {
  const dates = new Map<number, StepDate>();
  for (const [stepNumber, report] of view.reports)
    dates.set(stepNumber, { kind: report.state, at: report.at.toISOString() });
  const { activity } = view;
  if (activity?.state === 'queued')
    dates.set(activity.stepNumber, {
      kind: 'scheduled',
      at: (activity.runsAt ?? activity.dueAt).toISOString(),
    });
  return dates;
}

/** The execution document of §3; run_in_minutes from the activity's forecast (0: processing). */
export function toExecutionDocument(view: ExecutionView, now: Date): Execution {
  const { execution, contact, campaign, activity } = view;
  const linkedinContact = toLinkedinContact(contact);
  const stepNumber = activity?.stepNumber ?? (execution.stepIndex === null ? null : execution.stepIndex + 1);
  const step = stepNumber === null ? undefined : campaign.steps[stepNumber - 1];
  const runIn = !activity
    ? null
    : activity.state === 'claimed'
      ? 0
      : activity.runsAt === null
        ? null
        : minutesUntil(activity.runsAt, now);
  return {
    id: execution.id,
    linkedin_contact: linkedinContact,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    created: execution.createdAt.toISOString(),
    state: execution.state,
    human_state: executionHumanState(
      {
        state: execution.state,
        stepIndex: execution.stepIndex,
        dueAt: execution.dueAt,
        awaitingUntil: execution.awaitingUntil,
      },
      campaign.steps,
    ),
    start_in: runIn,
    step_executions: toStepExecutions(
      campaign.steps,
      execution.stepStates,
      {
        index: execution.stepIndex,
        hint: currentStepHint(execution, campaign),
        waiting: waitingOf(view),
      },
      linkedinContact,
      stepDates(view),
    ),
    actions: executionActions(execution.state, execution.conversationUrl, execution.stepIndex),
    conversation_url: execution.conversationUrl,
    step_number: stepNumber,
    operation_type: activity?.operationType ?? (step && step.type !== 'Delay' ? step.type : null),
    run_in_minutes: runIn,
    message: activity || execution.state === 'InQueue' ? renderStepMessage(step, linkedinContact) : null,
  };
}
