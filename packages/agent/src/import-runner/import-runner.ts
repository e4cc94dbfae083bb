import {
  type ImportList,
  type ImportProfileInput,
  type ImportRunState,
  importProfilesBatchMax,
  importSourceCards,
  importTexts,
  importTotalMax,
  isImportRunFinished,
  type StartImportRunPayload,
  type startImportRunPayloadSchema,
} from '@outpilot/contracts';
import { type Clock, parseImportUrl, systemClock } from '@outpilot/domain';
import type { z } from 'zod';
import type { ApiClient } from '../api-client.ts';
import { AgentError } from '../errors.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import { type ImportSourcePlan, profileUrlsSource, searchSource } from './import-sources.ts';
import { readProfileUrls } from './read-profile-urls.ts';
import { toImportProfile } from './to-import-profile.ts';
import { defaultRetryPolicy, type RetryPolicy, realSleep, type Sleep, withRetry } from './with-retry.ts';

/** The server calls a run makes; an ApiClient in production. */
export type ImportsApi = Pick<ApiClient, 'createImport' | 'uploadImportProfiles' | 'updateImportState'>;

export type ImportRunnerOptions = {
  network: Pick<AgentNetworkClient, 'getProfile' | 'searchPeople'>;
  api: ImportsApi;
  /** A valid access token for the main API, refreshed when needed (the bridge host's tokens). */
  getAccessToken: () => Promise<string>;
  /** Told of every state change: starting, started, changed, completed, failed, stopped. */
  onChange?: (state: ImportRunState) => void;
  clock?: Clock;
  sleep?: Sleep;
  random?: () => number;
  retry?: RetryPolicy;
  /** Members read per search page or per batch of pasted profiles. */
  pageSize?: number;
};

export type StartImportRunRequest = z.output<typeof startImportRunPayloadSchema>;

export type ImportRunner = {
  /** Starts a run; answers its 'starting' state at once, the rest comes through onChange. */
  start(request: StartImportRunRequest | StartImportRunPayload): ImportRunState;
  /** Stops after the current page and marks the list stopped; answers the final state. */
  stop(): Promise<ImportRunState | null>;
  /** Forgets a finished run; a run in progress is left alone. */
  clear(): void;
  state(): ImportRunState | null;
  /** The run's results page, once its import list exists. */
  href(): { navigationUrl: string } | null;
  /** Resolves when the current run (if any) has ended. */
  settled(): Promise<void>;
};

export const importPageSize = 25;
/** The error a second start gets while a run is in progress (seed 002 §4). */
export const exportInProgressCode = 'EXPORT_IN_PROGRESS';

type Run = {
  state: ImportRunState;
  controller: AbortController;
  done: Promise<void>;
};

export const importResultsPath = (importId: string) => `/contacts/import/${encodeURIComponent(importId)}`;

function defaultName(source: keyof typeof importSourceCards, now: Date): string {
  // e.g. 'Basic network search 2026-01-05 08:00' (UTC), within the 50-character limit.
  return `${importSourceCards[source].title} ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
}

function planOf(request: StartImportRunRequest | StartImportRunPayload): ImportSourcePlan {
  if (request.source === 'profile_urls') {
    const { identifiers } = readProfileUrls(request.text);
    if (identifiers.length === 0) {
      const message = 'There are no LinkedIn profile URLs in the text';
      throw new AgentError('UnprocessableEntity', message, {
        errors: [{ field: 'text', description: message }],
      });
    }
    return profileUrlsSource(identifiers);
  }
  const url = request.url.trim();
  // The wizard checks the link with count first (seed 002 §5); a start with a bad one is a caller's bug.
  if (!parseImportUrl(request.source, url).ok) {
    const message = importTexts.invalidUrlNotValidated;
    throw new AgentError('UnprocessableEntity', message, {
      errors: [{ field: 'url', description: message }],
    });
  }
  return searchSource({ url, source: request.source });
}

/**
 * The agent's profile import (seed 002 §2.4, §7.1): one run at a time. It reads the source on the
 * network, opens an import list on the server with the total the source announces, then uploads
 * the found members page by page, keeping 'Processed x / y' up to date. Transient failures (bad
 * gateway, 5xx, throttles) are retried with back-off and jitter; anything else, or retries running
 * out, fails the run and the list with the error's name.
 */
export function createImportRunner(options: ImportRunnerOptions): ImportRunner {
  const { network, api, getAccessToken } = options;
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const policy = options.retry ?? defaultRetryPolicy;
  const pageSize = options.pageSize ?? importPageSize;
  let current: Run | undefined;

  const execute = async (run: Run, plan: ImportSourcePlan, name: string): Promise<void> => {
    const { signal } = run.controller;
    const update = (change: Partial<ImportRunState>) => {
      run.state = { ...run.state, ...change };
      options.onChange?.(run.state);
    };
    const retry = <T>(call: () => Promise<T>, abortable = true) =>
      withRetry(call, { policy, sleep, random, ...(abortable ? { signal } : {}) });
    const withToken = async <T>(call: (accessToken: string) => Promise<T>, abortable = true) =>
      retry(async () => call(await getAccessToken()), abortable);
    // The list's end is reported even after a stop: it must not stay 'running' on the server.
    const finishList = (
      list: ImportList | undefined,
      body: Parameters<ImportsApi['updateImportState']>[2],
    ) =>
      list ? withToken((token) => api.updateImportState(token, list.id, body), false) : Promise.resolve();

    let list: ImportList | undefined;
    try {
      const cursor = await plan.open({ network, pageSize, signal, retry: (call) => retry(call) });
      if (!signal.aborted) {
        const total = Math.min(cursor.total, importTotalMax);
        list = await withToken((token) =>
          api.createImport(token, { source_type: plan.sourceType, source_uri: plan.sourceUri, name, total }),
        );
        update({ phase: 'started', total, navigationUrl: importResultsPath(list.id) });
      }
      while (!signal.aborted) {
        const elements = await cursor.next();
        if (elements === null) break;
        const profiles: ImportProfileInput[] = [];
        for (const element of elements)
          if (!element.invisible) profiles.push(toImportProfile(element.profile));
        let uploaded = 0;
        for (let offset = 0; offset < profiles.length; offset += importProfilesBatchMax) {
          const batch = profiles.slice(offset, offset + importProfilesBatchMax);
          const importId = list?.id ?? '';
          // A stop never cuts an upload call short (the counters match the server); it only ends a back-off.
          const answer = await withToken((token) => api.uploadImportProfiles(token, importId, batch));
          uploaded += answer.uploaded;
        }
        update({
          phase: 'changed',
          processed: run.state.processed + elements.length,
          exported: run.state.exported + uploaded,
        });
      }
      const phase = signal.aborted ? 'stopped' : 'completed';
      await finishList(list, { state: phase, processed: run.state.processed });
      update({ phase });
    } catch (error) {
      if (signal.aborted) {
        // A stop ends the run even when it cut a call short.
        await finishList(list, { state: 'stopped', processed: run.state.processed }).catch(() => undefined);
        update({ phase: 'stopped' });
        return;
      }
      // A bug of ours (not an AgentError) is a generic client error, as seed 000 §8 names unknown errors.
      const errorName = error instanceof AgentError ? error.name : 'ClientError';
      const message = error instanceof Error ? error.message.slice(0, 1000) : undefined;
      await finishList(list, {
        state: 'failed',
        error: { name: errorName, ...(message ? { message } : {}) },
        processed: run.state.processed,
      }).catch(() => undefined);
      update({ phase: 'failed', exportError: { name: errorName } });
    }
  };

  return {
    start(request) {
      if (current && !isImportRunFinished(current.state)) {
        throw new AgentError('BadRequest', importTexts.finishStartedExport, { code: exportInProgressCode });
      }
      const plan = planOf(request);
      const name = request.name?.trim() || defaultName(request.source, clock.now());
      const run: Run = {
        state: {
          phase: 'starting',
          processed: 0,
          total: 0,
          exported: 0,
          navigationUrl: null,
          exportError: null,
        },
        controller: new AbortController(),
        done: Promise.resolve(),
      };
      current = run;
      options.onChange?.(run.state);
      const starting = run.state;
      run.done = execute(run, plan, name);
      return starting;
    },
    async stop() {
      const run = current;
      if (!run) return null;
      run.controller.abort();
      await run.done;
      return run.state;
    },
    clear() {
      if (current && isImportRunFinished(current.state)) current = undefined;
    },
    state: () => current?.state ?? null,
    href() {
      const navigationUrl = current?.state.navigationUrl;
      return navigationUrl ? { navigationUrl } : null;
    },
    settled: async () => {
      await current?.done;
    },
  };
}
