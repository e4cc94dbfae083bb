import type { RunnerState } from '@outpilot/contracts';

/** The runner's state before it was ever started. */
export const idleRunnerState: RunnerState = {
  status: 'stopped',
  startedAt: null,
  lastClaimAt: null,
  lastSyncAt: null,
  current: null,
  counts: { executed: 0, error: 0, skipped: 0, withdrawn: 0, limit_exceeded: 0 },
  lastError: null,
};
