import type { ExecutionProgress } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { nextStepStates } from './step-states.ts';

const at = new Date('2026-03-02T09:00:00Z');
const progress = (state: ExecutionProgress['state'], stepIndex: number | null): ExecutionProgress => ({
  state,
  stepIndex,
  dueAt: null,
  awaitingUntil: null,
});

describe('nextStepStates: what each step shows after one move of its execution', () => {
  it('marks the first step reached on launch and leaves the others not started', () => {
    expect(
      nextStepStates({}, progress('NotStarted', null), progress('InQueue', 0), { type: 'launched', at }),
    ).toEqual({
      1: 'InQueue',
    });
  });

  it('gives the step left the outcome of the event and the Delay steps passed Succeed', () => {
    const before = { 1: 'InProgress' } as const;
    expect(
      nextStepStates(before, progress('InProgress', 0), progress('InQueue', 2), { type: 'accepted', at }),
    ).toEqual({
      1: 'Succeed',
      2: 'Succeed',
      3: 'InQueue',
    });
    expect(
      nextStepStates(before, progress('InProgress', 0), progress('InQueue', 1), { type: 'timedOut', at }),
    ).toEqual({
      1: 'Ignored',
      2: 'InQueue',
    });
    expect(
      nextStepStates(before, progress('InProgress', 0), progress('InQueue', 1), { type: 'skipped', at }),
    ).toEqual({
      1: 'Skipped',
      2: 'InQueue',
    });
  });

  it('keeps the current step in the new state when the execution stays on it or ends there', () => {
    expect(
      nextStepStates({ 1: 'InQueue' }, progress('InQueue', 0), progress('InProgress', 0), {
        type: 'performed',
        at,
      }),
    ).toEqual({ 1: 'InProgress' });
    expect(
      nextStepStates({ 1: 'InQueue' }, progress('InQueue', 0), progress('Cancelled', null), {
        type: 'cancelled',
        at,
      }),
    ).toEqual({ 1: 'Cancelled' });
  });
});
