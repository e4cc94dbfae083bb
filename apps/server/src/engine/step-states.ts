import type { ExecutionState } from '@outpilot/contracts';
import type { ExecutionEvent, ExecutionProgress } from '@outpilot/domain';
import type { StepStates } from '../db/schema.ts';

/** The state a step ends with when the execution moves past it. */
function outcomeOf(event: ExecutionEvent): ExecutionState {
  switch (event.type) {
    case 'timedOut':
      return 'Ignored';
    case 'skipped':
      return 'Skipped';
    default:
      return 'Succeed';
  }
}

/**
 * Per stored step (1-based number), the state it reached, from one transition of the execution:
 * the step left gets the event's outcome, the Delay steps passed on the way Succeed, the step
 * reached (or kept) the execution's new state. Steps never reached stay absent (not started).
 */
export function nextStepStates(
  previous: StepStates,
  before: ExecutionProgress,
  after: ExecutionProgress,
  event: ExecutionEvent,
): StepStates {
  const states: StepStates = { ...previous };
  const from = before.stepIndex;
  const to = after.stepIndex;
  if (to !== null && (from === null || to > from)) {
    if (from !== null) states[String(from + 1)] = outcomeOf(event);
    for (let index = (from ?? -1) + 1; index < to; index += 1) states[String(index + 1)] = 'Succeed';
    states[String(to + 1)] = after.state;
  } else if (to !== null) {
    states[String(to + 1)] = after.state;
  } else if (from !== null) {
    states[String(from + 1)] = after.state;
  }
  return states;
}
