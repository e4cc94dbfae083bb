import { type ImportList, importStaleAfterMs } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import type { ImportRunRecord } from './import-run-store.ts';
import { decideResume, type ResumeContext } from './resume-decision.ts';

const importId = '00000000-0000-4000-8000-000000000001';
const updatedAt = new Date('2026-01-05T08:00:00.000Z');
const record: ImportRunRecord = {
  version: 1,
  runId: 'run-1',
  source: 'network_search',
  url: 'https://www.linkedin.com/search/results/people/?keywords=cto',
  name: 'CTOs',
  importId,
  nextOffset: 50,
  state: {
    phase: 'changed',
    processed: 50,
    total: 120,
    exported: 44,
    navigationUrl: `/contacts/import/${importId}`,
    exportError: null,
  },
  startedAt: updatedAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
};
const list: ImportList = {
  id: importId,
  name: 'CTOs',
  source_uri: record.url,
  source_type: 'network_search',
  created: updatedAt.toISOString(),
  state: 'running',
  processed: 44,
  total: 120,
  uploaded_count: 46,
  skipped_count: 0,
};
const soon: ResumeContext = {
  now: new Date(updatedAt.getTime() + 5_000),
  isStopRequested: false,
  canContinue: true,
};

describe('decideResume', () => {
  it('continues a fresh run from its record, counting what the server holds as exported', () => {
    expect(decideResume(record, list, soon)).toEqual({
      action: 'continue',
      state: { ...record.state, exported: 46 },
    });
  });

  it('ends a run silent for longer than the stale period as stopped, and tells the server', () => {
    const late = { ...soon, now: new Date(updatedAt.getTime() + importStaleAfterMs + 1) };
    expect(decideResume(record, list, late)).toEqual({
      action: 'end',
      state: { ...record.state, phase: 'stopped', exported: 46 },
      report: { state: 'stopped', processed: 50 },
    });
    const justInTime = { ...soon, now: new Date(updatedAt.getTime() + importStaleAfterMs) };
    expect(decideResume(record, list, justInTime).action).toBe('continue');
  });

  it('ends as stopped when a stop was asked for, or the source cannot be read again', () => {
    expect(decideResume(record, list, { ...soon, isStopRequested: true })).toMatchObject({
      action: 'end',
      state: { phase: 'stopped' },
      report: { state: 'stopped' },
    });
    expect(decideResume(record, list, { ...soon, canContinue: false })).toMatchObject({
      action: 'end',
      state: { phase: 'stopped' },
    });
  });

  it("adopts the end the server already knows, with the server's counts", () => {
    expect(decideResume(record, { ...list, state: 'completed', processed: 120 }, soon)).toEqual({
      action: 'end',
      state: { ...record.state, phase: 'completed', processed: 120, exported: 46 },
      report: null,
    });
    expect(decideResume(record, { ...list, state: 'failed' }, soon)).toMatchObject({
      state: { phase: 'failed', exportError: { name: 'ClientError' } },
      report: null,
    });
  });

  it("forgets a run whose list the server does not show (another workspace's)", () => {
    expect(decideResume(record, null, soon)).toEqual({ action: 'forget' });
  });

  it('starts a run over when its list was never opened, unless it is stale or stopped', () => {
    const unopened: ImportRunRecord = {
      ...record,
      importId: null,
      nextOffset: 0,
      state: { ...record.state, phase: 'starting', processed: 0, exported: 0, navigationUrl: null },
    };
    expect(decideResume(unopened, undefined, soon)).toEqual({ action: 'restart' });
    expect(decideResume(unopened, undefined, { ...soon, isStopRequested: true })).toEqual({
      action: 'end',
      state: { ...unopened.state, phase: 'stopped' },
      report: null,
    });
  });
});
