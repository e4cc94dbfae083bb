import {
  type ImportList,
  type ImportRunState,
  importStaleAfterMs,
  type UpdateImportStateRequest,
} from '@outpilot/contracts';
import type { ImportRunRecord } from './import-run-store.ts';

/**
 * What an agent does with a run it finds unfinished in its storage when it starts (its tab was
 * reloaded or closed mid-run):
 * - forget: the list is not this workspace's (another user signed in since), so the run is not ours;
 * - end: show the run ended, telling the server when its list still runs (`report`);
 * - continue: upload on from the stored offset into the same list;
 * - restart: the list was never opened, so nothing was uploaded: walk the source from the start.
 */
export type ResumeDecision =
  | { action: 'forget' }
  | { action: 'end'; state: ImportRunState; report: UpdateImportStateRequest | null }
  | { action: 'continue'; state: ImportRunState }
  | { action: 'restart' };

export type ResumeContext = {
  now: Date;
  /** A stop was pressed (in another tab) while no agent drove the run. */
  isStopRequested: boolean;
  /** The source can be read again (pasted identifiers may be missing from storage). */
  canContinue: boolean;
};

/**
 * Decides from the stored record and the server's list (null: not found or another workspace's;
 * undefined: the record names no list). The server's uploaded count is the truth for `exported`: an
 * upload the server committed just before the tab went away is counted even though the record never
 * saw it, and uploading that page again adds nothing (one contact per profile and list).
 */
export function decideResume(
  record: ImportRunRecord,
  list: ImportList | null | undefined,
  context: ResumeContext,
): ResumeDecision {
  const isStale = context.now.getTime() - Date.parse(record.updatedAt) > importStaleAfterMs;
  const mustEnd = isStale || context.isStopRequested || !context.canContinue;
  if (record.importId === null) {
    if (!mustEnd) return { action: 'restart' };
    return { action: 'end', state: { ...record.state, phase: 'stopped' }, report: null };
  }
  if (!list) return { action: 'forget' };
  const exported = list.uploaded_count;
  if (list.state !== 'running') {
    // The run told the server its end but the tab went away before the record saw it.
    const exportError =
      list.state === 'failed' ? (record.state.exportError ?? { name: 'ClientError' }) : null;
    const state = { ...record.state, phase: list.state, processed: list.processed, exported, exportError };
    return { action: 'end', state, report: null };
  }
  if (mustEnd) {
    const state: ImportRunState = { ...record.state, phase: 'stopped', exported };
    return { action: 'end', state, report: { state: 'stopped', processed: record.state.processed } };
  }
  return { action: 'continue', state: { ...record.state, phase: 'changed', exported } };
}
