import {
  type ImportProfileInput,
  type ImportRunState,
  importProfilesBatchMax,
  importTotalMax,
  type UpdateImportStateRequest,
} from '@outpilot/contracts';
import { AgentError } from '../errors.ts';
import type { ImportsApiClient } from '../imports-api-client.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import { type ImportPacing, pause } from './import-pacing.ts';
import type { ImportRunRecord } from './import-run-store.ts';
import type { ImportSourcePlan } from './import-sources.ts';
import { toImportProfile } from './to-import-profile.ts';
import { type RetryPolicy, type Sleep, withRetry } from './with-retry.ts';

/** The server calls a run makes; an ImportsApiClient in production. */
export type ImportsApi = Pick<
  ImportsApiClient,
  'createImport' | 'uploadImportProfiles' | 'updateImportState' | 'getImport'
>;

export const importResultsPath = (importId: string) => `/contacts/import/${encodeURIComponent(importId)}`;

/** What every walk shares: the network, the server, and the pacing of both. */
export type WalkDeps = {
  network: Pick<AgentNetworkClient, 'getProfile' | 'searchPeople'>;
  api: ImportsApi;
  getAccessToken: () => Promise<string>;
  pageSize: number;
  pacing: ImportPacing;
  policy: RetryPolicy;
  sleep: Sleep;
  random: () => number;
};

/** One run being walked: its record, and how a change to it is kept (stored, told to the app). */
export type WalkedRun = {
  controller: AbortController;
  record(): ImportRunRecord;
  commit(change: { importId?: string; nextOffset?: number; state: Partial<ImportRunState> }): Promise<void>;
  /** A stop pressed in another tab: checked before every page. */
  isStopRequested(): Promise<boolean>;
};

/** Runs one call with the policy's retries; `signal` ends its back-off early. */
export function retrying(deps: WalkDeps, signal?: AbortSignal) {
  return <T>(call: () => Promise<T>) =>
    withRetry(call, {
      policy: deps.policy,
      sleep: deps.sleep,
      random: deps.random,
      ...(signal ? { signal } : {}),
    });
}

/** Tells the server a list's end; never cut short by a stop, so the list does not stay 'running'. */
export function reportListEnd(deps: WalkDeps, importId: string, body: UpdateImportStateRequest) {
  return retrying(deps)(async () => deps.api.updateImportState(await deps.getAccessToken(), importId, body));
}

/**
 * Walks a source into its import list from the record's offset: opens the list first when the run
 * has none yet, uploads page after page with a human-like pause between network reads, and commits
 * the offset and counts after every page, so a restarted agent resumes at the first page not yet
 * uploaded. Transient failures are retried; anything else, or retries running out, fails the run
 * and the list with the error's name. A stop ends it after the page in hand.
 */
export async function walkImport(run: WalkedRun, plan: ImportSourcePlan, deps: WalkDeps): Promise<void> {
  const { controller } = run;
  const { signal } = controller;
  const retry = retrying(deps, signal);
  const withToken = <T>(call: (accessToken: string) => Promise<T>) =>
    retry(async () => call(await deps.getAccessToken()));
  const state = () => run.record().state;
  const finishList = (body: UpdateImportStateRequest) => {
    const { importId } = run.record();
    return importId ? reportListEnd(deps, importId, body) : Promise.resolve();
  };

  try {
    const pauses = { sleep: deps.sleep, random: deps.random, signal };
    const cursor = await plan.open(
      {
        network: deps.network,
        pageSize: deps.pageSize,
        signal,
        retry,
        pause: (kind) =>
          pause(kind === 'page' ? deps.pacing.betweenPages : deps.pacing.betweenProfiles, pauses),
      },
      run.record().nextOffset,
    );
    if (run.record().importId === null && !signal.aborted) {
      const { name, runId } = run.record();
      const total = Math.min(cursor.total, importTotalMax);
      const list = await withToken((token) =>
        deps.api.createImport(token, {
          source_type: plan.sourceType,
          source_uri: plan.sourceUri,
          name,
          total,
          // A reload before the list's id was kept opens the same list again, not a second one.
          run_id: runId,
        }),
      );
      await run.commit({
        importId: list.id,
        state: { phase: 'started', total, navigationUrl: importResultsPath(list.id) },
      });
    }
    while (!signal.aborted) {
      if (await run.isStopRequested()) {
        controller.abort();
        break;
      }
      const page = await cursor.next();
      if (page === null) break;
      const profiles: ImportProfileInput[] = [];
      for (const element of page.elements)
        if (!element.invisible) profiles.push(toImportProfile(element.profile));
      let uploaded = 0;
      const importId = run.record().importId ?? '';
      for (let offset = 0; offset < profiles.length; offset += importProfilesBatchMax) {
        const batch = profiles.slice(offset, offset + importProfilesBatchMax);
        // A stop never cuts an upload call short (the counters match the server); it only ends a back-off.
        const answer = await withToken((token) => deps.api.uploadImportProfiles(token, importId, batch));
        uploaded += answer.uploaded;
      }
      await run.commit({
        nextOffset: page.nextOffset,
        state: {
          phase: 'changed',
          processed: state().processed + page.elements.length,
          exported: state().exported + uploaded,
        },
      });
    }
    const phase = signal.aborted ? 'stopped' : 'completed';
    await finishList({ state: phase, processed: state().processed });
    await run.commit({ state: { phase } });
  } catch (error) {
    if (signal.aborted) {
      // A stop ends the run even when it cut a call short.
      await finishList({ state: 'stopped', processed: state().processed }).catch(() => undefined);
      await run.commit({ state: { phase: 'stopped' } });
      return;
    }
    // A bug of ours (not an AgentError) is a generic client error, as seed 000 §8 names unknown errors.
    const errorName = error instanceof AgentError ? error.name : 'ClientError';
    const message = error instanceof Error ? error.message.slice(0, 1000) : undefined;
    await finishList({
      state: 'failed',
      error: { name: errorName, ...(message ? { message } : {}) },
      processed: state().processed,
    }).catch(() => undefined);
    await run.commit({ state: { phase: 'failed', exportError: { name: errorName } } });
  }
}
