import type { ExecutionState, StoredStep } from '@outpilot/contracts';
import { executionStates } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyExecutionEvent,
  type ExecutionEvent,
  type ExecutionProgress,
  executionHumanState,
  humanState,
  notStartedProgress,
} from './execution-state.ts';

const minute = 60_000;
const day = 1440;
const t0 = new Date('2026-03-02T09:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * minute);

const steps: StoredStep[] = [
  { type: 'Connect', message_template: 'Hi', timeout: 10 * day },
  { type: 'Delay', timeout: 30 },
  { type: 'Message', message_template: 'Thanks', timeout: 3 * day },
  { type: 'Follow', timeout: day },
  { type: 'Message', message_template: 'Bump', timeout: 7 * day },
];

function run(events: ExecutionEvent[], list: StoredStep[] = steps): ExecutionProgress {
  return events.reduce((progress, event) => {
    const result = applyExecutionEvent(progress, list, event);
    if (!result.ok) throw new Error(result.description);
    return result.progress;
  }, notStartedProgress);
}

describe('applyExecutionEvent', () => {
  it('walks a full sequence, each step due at the previous completion plus its delay', () => {
    let progress = run([{ type: 'launched', at: at(0), launchInMinutes: 60 }]);
    expect(progress).toEqual({ state: 'InQueue', stepIndex: 0, dueAt: at(60), awaitingUntil: null });
    progress = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
    ]);
    expect(progress).toMatchObject({ state: 'InProgress', stepIndex: 0, awaitingUntil: at(5 + 10 * day) });
    expect(executionHumanState(progress, steps)).toBe('Awaiting for connect');

    const accepted = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
      { type: 'accepted', at: at(100) },
    ]);
    // The Delay step after Connect is passed on the way: acceptance + 30 minutes.
    expect(accepted).toEqual({ state: 'InQueue', stepIndex: 2, dueAt: at(130), awaitingUntil: null });

    const afterMessage = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
      { type: 'accepted', at: at(100) },
      { type: 'performed', at: at(140) },
    ]);
    expect(executionHumanState(afterMessage, steps)).toBe('Awaiting for response');
    const noReply = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
      { type: 'accepted', at: at(100) },
      { type: 'performed', at: at(140) },
      { type: 'timedOut', at: at(140 + 3 * day) },
    ]);
    expect(noReply).toEqual({
      state: 'InQueue',
      stepIndex: 3,
      dueAt: at(140 + 3 * day),
      awaitingUntil: null,
    });
    const followed = applyExecutionEvent(noReply, steps, { type: 'performed', at: at(5000) });
    expect(followed).toEqual({
      ok: true,
      progress: { state: 'InQueue', stepIndex: 4, dueAt: at(5000 + day), awaitingUntil: null },
    });
  });

  it('ends Ignored (Not responded) after an unanswered last message', () => {
    const list: StoredStep[] = [{ type: 'Message', message_template: 'Hi', timeout: day }];
    const progress = run(
      [
        { type: 'launched', at: at(0) },
        { type: 'performed', at: at(1) },
        { type: 'timedOut', at: at(1 + day) },
      ],
      list,
    );
    expect(progress.state).toBe('Ignored');
    expect(executionHumanState(progress, list)).toBe('Not responded');
  });

  it('stops the sequence on a reply', () => {
    const progress = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
      { type: 'accepted', at: at(100) },
      { type: 'replied', at: at(110) },
    ]);
    expect(progress).toEqual({ state: 'Succeed', stepIndex: null, dueAt: null, awaitingUntil: null });
    expect(executionHumanState(progress, steps)).toBe('Responded');
  });

  it('withdraws an invitation not accepted in time and ends the sequence', () => {
    const progress = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
      { type: 'timedOut', at: at(5 + 10 * day) },
    ]);
    expect(progress.state).toBe('Ignored');
    expect(executionHumanState(progress, steps)).toBe('Withdrawn');
  });

  it('skips Connect for a contact already connected, keeping the Connect delay', () => {
    const progress = run([
      { type: 'launched', at: at(0) },
      { type: 'skipped', at: at(3) },
    ]);
    expect(progress).toEqual({ state: 'InQueue', stepIndex: 2, dueAt: at(33), awaitingUntil: null });
  });

  it('ends Connected when the last step is an accepted Connect, Skipped when a last step is skipped', () => {
    const list: StoredStep[] = [{ type: 'Connect', timeout: day }];
    const accepted = run(
      [
        { type: 'launched', at: at(0) },
        { type: 'performed', at: at(1) },
        { type: 'accepted', at: at(2) },
      ],
      list,
    );
    expect(executionHumanState(accepted, list)).toBe('Connected');
    const skipped = run(
      [
        { type: 'launched', at: at(0) },
        { type: 'skipped', at: at(1) },
      ],
      list,
    );
    expect(executionHumanState(skipped, list)).toBe('Skipped by system');
  });

  it('cancels and resumes to the same step, awaiting again when it was awaiting', () => {
    const cancelled = run([
      { type: 'launched', at: at(0) },
      { type: 'performed', at: at(5) },
      { type: 'cancelled', at: at(6) },
    ]);
    expect(executionHumanState(cancelled, steps)).toBe('Cancelled by you');
    const resumed = applyExecutionEvent(cancelled, steps, { type: 'resumed', at: at(10) });
    expect(resumed).toMatchObject({ ok: true, progress: { state: 'InProgress', stepIndex: 0 } });

    const queued = run([
      { type: 'launched', at: at(0), launchInMinutes: 120 },
      { type: 'cancelled', at: at(1) },
      { type: 'resumed', at: at(200) },
    ]);
    expect(queued).toEqual({ state: 'InQueue', stepIndex: 0, dueAt: at(200), awaitingUntil: null });
  });

  it('fails with System error', () => {
    const failed = run([
      { type: 'launched', at: at(0) },
      { type: 'failed', at: at(1) },
    ]);
    expect(executionHumanState(failed, steps)).toBe('System error');
  });

  it('refuses events that do not fit the state', () => {
    expect(applyExecutionEvent(notStartedProgress, steps, { type: 'performed', at: at(0) }).ok).toBe(false);
    expect(applyExecutionEvent(notStartedProgress, steps, { type: 'replied', at: at(0) }).ok).toBe(false);
    const queued = run([{ type: 'launched', at: at(0) }]);
    expect(applyExecutionEvent(queued, steps, { type: 'accepted', at: at(1) }).ok).toBe(false);
    expect(applyExecutionEvent(queued, steps, { type: 'launched', at: at(1) }).ok).toBe(false);
    const done = run([
      { type: 'launched', at: at(0) },
      { type: 'replied', at: at(1) },
    ]);
    for (const type of ['performed', 'cancelled', 'resumed', 'timedOut'] as const) {
      expect(applyExecutionEvent(done, steps, { type, at: at(2) }).ok).toBe(false);
    }
  });
});

describe('humanState', () => {
  it('labels every state, by step type where §4 says so', () => {
    const labels = Object.fromEntries(executionStates.map((state) => [state, humanState(state, 'Follow')]));
    expect(labels).toEqual({
      NotStarted: 'Not started',
      InQueue: 'In queue',
      InProgress: 'In Progress',
      Succeed: 'Responded',
      Ignored: 'Not responded',
      Skipped: 'Skipped by system',
      Cancelled: 'Cancelled by you',
      Failed: 'System error',
    });
    expect(humanState('Succeed', 'Connect')).toBe('Connected');
    expect(humanState('Ignored', 'Message')).toBe('Not responded');
  });

  it('throws on an unsupported state', () => {
    expect(() => humanState('Exploded' as ExecutionState, null)).toThrow('Unsupported execution state');
  });
});
