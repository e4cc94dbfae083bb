import type { ExecutionState, StoredStep, StoredStepType } from '@outpilot/contracts';

/**
 * The execution (one contact in one campaign) state machine of seed 001 §4, walking the stored
 * step list (Delay steps included).
 *
 * - NotStarted until the campaign launches; then InQueue for the first action.
 * - InQueue: the current step waits for its due time and a runner.
 * - Performing Connect or Message leaves the execution InProgress: awaiting acceptance until the
 *   withdraw period ends, or awaiting a reply until the message timeout ends. The other actions
 *   move straight on to the next step.
 * - Next step due = completion of the previous + its delay: acceptance + Connect's Delay step;
 *   the end of a message's reply wait; the other actions + their own timeout; a skipped step adds
 *   nothing but the Delay steps after it.
 * - A reply, at any point after launch, stops the sequence: Succeed ('Responded').
 * - An invitation not accepted within the withdraw period is withdrawn and the sequence ends:
 *   Ignored ('Withdrawn'). Messages cannot reach someone who is not connected.
 * - A Connect to someone already connected is skipped and the sequence goes on.
 * - The end of the list: Succeed after a performed or accepted last step, Ignored after an
 *   unanswered last message, Skipped after a skipped last step.
 * - Cancel (the user completes the contact, or the campaign completes) keeps the position, so
 *   resume returns to the same step (InProgress again when it was awaiting an answer).
 */

export type ExecutionProgress = {
  state: ExecutionState;
  /** 0-based index of the current step in the stored list; null before launch and after the end. */
  stepIndex: number | null;
  /** When the current InQueue step is due. */
  dueAt: Date | null;
  /** When an InProgress wait (acceptance, reply) ends. */
  awaitingUntil: Date | null;
};

export type ExecutionEvent =
  | { type: 'launched'; at: Date; launchInMinutes?: number }
  | { type: 'performed'; at: Date }
  | { type: 'accepted'; at: Date }
  | { type: 'replied'; at: Date }
  | { type: 'timedOut'; at: Date }
  | { type: 'skipped'; at: Date }
  | { type: 'failed'; at: Date }
  | { type: 'cancelled'; at: Date }
  | { type: 'resumed'; at: Date };

export type ExecutionTransition =
  | { ok: true; progress: ExecutionProgress }
  | { ok: false; description: string };

export const notStartedProgress: ExecutionProgress = {
  state: 'NotStarted',
  stepIndex: null,
  dueAt: null,
  awaitingUntil: null,
};

const minuteMs = 60_000;

function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * minuteMs);
}

/** The first action at or after `from`, with the Delay steps passed on the way added to `at`. */
function nextAction(
  steps: readonly StoredStep[],
  from: number,
  at: Date,
): { index: number; dueAt: Date } | null {
  let due = at;
  for (let index = from; index < steps.length; index += 1) {
    const step = steps[index];
    if (!step) break;
    if (step.type !== 'Delay') return { index, dueAt: due };
    due = addMinutes(due, step.timeout);
  }
  return null;
}

/**
 * Moves past the step at `current` (-1 before the first), or ends the sequence with finalState
 * when no action is left. An ended execution keeps the index of the step that ended it, so its
 * label can name that step ('Connected', 'Withdrawn').
 */
function advance(
  steps: readonly StoredStep[],
  current: number,
  at: Date,
  finalState: ExecutionState,
): ExecutionProgress {
  const next = nextAction(steps, current + 1, at);
  if (!next) {
    return { state: finalState, stepIndex: current < 0 ? null : current, dueAt: null, awaitingUntil: null };
  }
  return { state: 'InQueue', stepIndex: next.index, dueAt: next.dueAt, awaitingUntil: null };
}

function refuse(progress: ExecutionProgress, event: ExecutionEvent): ExecutionTransition {
  return { ok: false, description: `Cannot apply ${event.type} to an execution in state ${progress.state}` };
}

export function applyExecutionEvent(
  progress: ExecutionProgress,
  steps: readonly StoredStep[],
  event: ExecutionEvent,
): ExecutionTransition {
  const { state } = progress;
  const index = progress.stepIndex;
  const step = index === null ? undefined : steps[index];
  switch (event.type) {
    case 'launched': {
      if (state !== 'NotStarted') return refuse(progress, event);
      const next = advance(steps, -1, addMinutes(event.at, event.launchInMinutes ?? 0), 'Skipped');
      return { ok: true, progress: next };
    }
    case 'performed': {
      if (state !== 'InQueue' || index === null || !step || step.type === 'Delay')
        return refuse(progress, event);
      if (step.type === 'Connect' || step.type === 'Message') {
        return {
          ok: true,
          progress: {
            state: 'InProgress',
            stepIndex: index,
            dueAt: null,
            awaitingUntil: addMinutes(event.at, step.timeout),
          },
        };
      }
      return { ok: true, progress: advance(steps, index, addMinutes(event.at, step.timeout), 'Succeed') };
    }
    case 'accepted': {
      if (state !== 'InProgress' || index === null || step?.type !== 'Connect')
        return refuse(progress, event);
      return { ok: true, progress: advance(steps, index, event.at, 'Succeed') };
    }
    case 'replied': {
      if (state !== 'InQueue' && state !== 'InProgress') return refuse(progress, event);
      // A reply is an answer to the sequence as a whole, whatever step it was on.
      return { ok: true, progress: { state: 'Succeed', stepIndex: null, dueAt: null, awaitingUntil: null } };
    }
    case 'timedOut': {
      if (state !== 'InProgress' || index === null || !step) return refuse(progress, event);
      if (step.type === 'Connect') {
        return {
          ok: true,
          progress: { state: 'Ignored', stepIndex: index, dueAt: null, awaitingUntil: null },
        };
      }
      return { ok: true, progress: advance(steps, index, event.at, 'Ignored') };
    }
    case 'skipped': {
      if (state !== 'InQueue' || index === null) return refuse(progress, event);
      return { ok: true, progress: advance(steps, index, event.at, 'Skipped') };
    }
    case 'failed': {
      if (state !== 'InQueue' && state !== 'InProgress') return refuse(progress, event);
      return { ok: true, progress: { ...progress, state: 'Failed' } };
    }
    case 'cancelled': {
      if (state !== 'NotStarted' && state !== 'InQueue' && state !== 'InProgress')
        return refuse(progress, event);
      return { ok: true, progress: { ...progress, state: 'Cancelled' } };
    }
    case 'resumed': {
      if ((state !== 'Cancelled' && state !== 'Failed') || index === null) return refuse(progress, event);
      if (progress.awaitingUntil) {
        return { ok: true, progress: { ...progress, state: 'InProgress' } };
      }
      const dueAt = progress.dueAt && progress.dueAt > event.at ? progress.dueAt : event.at;
      return { ok: true, progress: { ...progress, state: 'InQueue', dueAt } };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Labels

export const executionStateLabels: Readonly<Record<ExecutionState, string>> = {
  NotStarted: 'Not started',
  InQueue: 'In queue',
  InProgress: 'In Progress',
  Succeed: 'Responded',
  Ignored: 'Not responded',
  Skipped: 'Skipped by system',
  Cancelled: 'Cancelled by you',
  Failed: 'System error',
};

const connectLabels: Partial<Record<ExecutionState, string>> = {
  InProgress: 'Awaiting for connect',
  Succeed: 'Connected',
  Ignored: 'Withdrawn',
};
const messageLabels: Partial<Record<ExecutionState, string>> = {
  InProgress: 'Awaiting for response',
};

/** human_state: the state's label as the step type words it (§4). Throws on an unknown state. */
export function humanState(state: ExecutionState, stepType: StoredStepType | null): string {
  const label =
    (stepType === 'Connect'
      ? connectLabels[state]
      : stepType === 'Message'
        ? messageLabels[state]
        : undefined) ?? executionStateLabels[state];
  if (label === undefined) throw new Error(`Unsupported execution state ${String(state)}`);
  return label;
}

/** human_state of an execution: labelled by the step it is on, or the step that ended it. */
export function executionHumanState(progress: ExecutionProgress, steps: readonly StoredStep[]): string {
  const step = progress.stepIndex === null ? undefined : steps[progress.stepIndex];
  return humanState(progress.state, step?.type ?? null);
}

/** Colour keys of §4 for an execution state (Succeed shows as responded). */
export function executionStateColor(state: ExecutionState): string | null {
  const colors: Readonly<Partial<Record<ExecutionState, string>>> = {
    Cancelled: 'cancelled',
    Failed: 'failed',
    Ignored: 'ignored',
    InProgress: 'inProgress',
    InQueue: 'inQueue',
    Succeed: 'responded',
    Skipped: 'skipped',
  };
  return colors[state] ?? null;
}
