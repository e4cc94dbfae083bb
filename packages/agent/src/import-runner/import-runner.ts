import {
  type ImportRunState,
  importTexts,
  isImportRunFinished,
  type StartImportRunPayload,
} from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import { AgentError } from '../errors.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import { createMemoryStore, type KeyValueStore } from '../storage.ts';
import { type ImportPacing, importPacing } from './import-pacing.ts';
import { newRunRecord, planFromRecord, planOf, type StartImportRunRequest } from './import-run-plan.ts';
import { createImportRunStore, type ImportRunRecord } from './import-run-store.ts';
import type { ImportSourcePlan } from './import-sources.ts';
import { decideResume } from './resume-decision.ts';
import { createMemoryRunLock, type ReleaseLock, type RunLock } from './run-lock.ts';
import { type ImportsApi, reportListEnd, retrying, type WalkDeps, walkImport } from './walk-import.ts';
import { defaultRetryPolicy, isTransient, type RetryPolicy, realSleep, type Sleep } from './with-retry.ts';

export type { StartImportRunRequest } from './import-run-plan.ts';
export { type ImportsApi, importResultsPath } from './walk-import.ts';

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
  /** The pauses between network reads; LinkedIn's unless the host runs on another network. */
  pacing?: ImportPacing;
  /** Members read per search page or per batch of pasted profiles. */
  pageSize?: number;
  /** Where the run is kept so it survives a restart of the agent; memory (no survival) by default. */
  store?: KeyValueStore;
  /** Lets one agent at a time drive the stored run (Web Locks in a page); one agent by default. */
  lock?: RunLock;
  newRunId?: () => string;
};

export type ImportRunner = {
  /** Starts a run; answers its 'starting' state, the rest comes through onChange. */
  start(request: StartImportRunRequest | StartImportRunPayload): Promise<ImportRunState>;
  /** Stops after the current page and marks the list stopped; answers the state. */
  stop(): Promise<ImportRunState | null>;
  /** Forgets a finished run; a run in progress is left alone. */
  clear(): Promise<void>;
  /** This agent's run, or else the stored one (another tab's, or one that ended before a restart). */
  state(): ImportRunState | null;
  /** The run's results page, once its import list exists. */
  href(): { navigationUrl: string } | null;
  /**
   * Reads the stored run: a run left unfinished is resumed as soon as no other agent drives it (at
   * once after a reload; when the other tab closes), or ended when it cannot go on. Hosts call it on
   * start, after a sign-in and before answering about the run.
   */
  sync(): Promise<void>;
  /** Resolves when the current run (and a resume under way) has ended. */
  settled(): Promise<void>;
};

export const importPageSize = 25;
/** The error a second start gets while a run is in progress (seed 002 §4). */
export const exportInProgressCode = 'EXPORT_IN_PROGRESS';
/**
 * The longest Retry-After an import waits out. With 5 tries a page stays silent at most 4 × 5
 * minutes, within importStaleAfterMs, so a live run is never taken for an abandoned one.
 */
export const importRetryPolicy: RetryPolicy = { ...defaultRetryPolicy, maxRetryAfterMs: 5 * 60_000 };

type Run = {
  record: ImportRunRecord;
  controller: AbortController;
  done: Promise<void>;
};

const finishStartedExport = () =>
  new AgentError('BadRequest', importTexts.finishStartedExport, { code: exportInProgressCode });

const sameState = (a: ImportRunState | null, b: ImportRunState | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The agent's profile import (seed 002 §2.4, §7.1): one run at a time per browser. It reads the
 * source on the network, opens an import list on the server with the total the source announces,
 * then uploads the found members page by page, keeping 'Processed x / y' up to date. Its progress
 * is kept in the agent's storage after every page, so a reload or a closed tab does not lose it:
 * the next agent to start picks the run up where it stopped (see decideResume).
 */
export function createImportRunner(options: ImportRunnerOptions): ImportRunner {
  const { api, getAccessToken } = options;
  const clock = options.clock ?? systemClock;
  const runs = createImportRunStore(options.store ?? createMemoryStore());
  const lock = options.lock ?? createMemoryRunLock();
  const newRunId = options.newRunId ?? (() => globalThis.crypto.randomUUID());
  const deps: WalkDeps = {
    network: options.network,
    api,
    getAccessToken,
    pageSize: options.pageSize ?? importPageSize,
    pacing: options.pacing ?? importPacing.linkedin,
    policy: options.retry ?? importRetryPolicy,
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
  };
  let current: Run | undefined;
  /** The stored run's state when this agent drives none: another tab's, or one ended before. */
  let observed: ImportRunState | null = null;
  let resuming: Promise<void> | undefined;

  const isLive = (run: Run | undefined): boolean =>
    run !== undefined && !isImportRunFinished(run.record.state);
  const observe = (state: ImportRunState | null) => {
    if (sameState(state, observed)) return;
    observed = state;
    if (state) options.onChange?.(state);
  };
  // The storage is a convenience for surviving a restart: a full or failing one must not fail the run.
  const keep = (record: ImportRunRecord) => runs.write(record).catch(() => undefined);

  const launch = (record: ImportRunRecord, plan: ImportSourcePlan, release: ReleaseLock): Run => {
    const run: Run = { record, controller: new AbortController(), done: Promise.resolve() };
    current = run;
    observed = null;
    options.onChange?.(record.state);
    run.done = walkImport(
      {
        controller: run.controller,
        record: () => run.record,
        async commit({ state, ...change }) {
          run.record = {
            ...run.record,
            ...change,
            state: { ...run.record.state, ...state },
            updatedAt: clock.now().toISOString(),
          };
          await keep(run.record);
          options.onChange?.(run.record.state);
        },
        isStopRequested: () => runs.isStopRequested(run.record.runId).catch(() => false),
      },
      plan,
      deps,
    ).finally(release);
    return run;
  };

  /** Under the lock: picks the stored run up, or ends it. Answers whether a walk took the lock over. */
  const resume = async (record: ImportRunRecord, release: ReleaseLock): Promise<boolean> => {
    const { importId } = record;
    const accessToken = await getAccessToken();
    const list = importId ? await retrying(deps)(() => api.getImport(accessToken, importId)) : undefined;
    const plan = planFromRecord(record, await runs.readIdentifiers(record.runId));
    const decision = decideResume(record, list, {
      now: clock.now(),
      isStopRequested: await runs.isStopRequested(record.runId),
      canContinue: plan !== null,
    });
    if (decision.action === 'forget') {
      await runs.remove();
      observe(null);
      return false;
    }
    if (decision.action === 'end') {
      if (decision.report && importId) await reportListEnd(deps, importId, decision.report);
      await keep({ ...record, state: decision.state, updatedAt: clock.now().toISOString() });
      observe(decision.state);
      return false;
    }
    if (!plan) return false;
    const state = decision.action === 'continue' ? decision.state : record.state;
    launch({ ...record, state, updatedAt: clock.now().toISOString() }, plan, release);
    return true;
  };

  const resumeWhenFree = () => {
    resuming ??= (async () => {
      const release = await lock.acquire();
      let isHandedOver = false;
      try {
        const record = await runs.read();
        if (current || !record || isImportRunFinished(record.state)) {
          if (!current) observe(record?.state ?? null);
          return;
        }
        isHandedOver = await resume(record, release).catch(async (error: unknown) => {
          // Signed out or the server unreachable: the record stays, and the next sync tries again.
          if (isTransient(error) || (error instanceof AgentError && error.name === 'NotAuthenticated'))
            return false;
          // Anything else would come back every time: the run ends here rather than block new ones.
          const exportError = { name: error instanceof AgentError ? error.name : 'ClientError' };
          const state: ImportRunState = { ...record.state, phase: 'failed', exportError };
          await keep({ ...record, state, updatedAt: clock.now().toISOString() });
          observe(state);
          return false;
        });
      } catch {
        // The storage could not be read: nothing to resume.
      } finally {
        if (!isHandedOver) release();
        resuming = undefined;
      }
    })();
  };

  let syncing: Promise<void> | undefined;
  const readStored = async () => {
    if (isLive(current)) return;
    const record = await runs.read();
    // This agent's finished run gives way to whatever the storage holds now (another tab's run).
    if (current && record?.runId !== current.record.runId) current = undefined;
    if (current) return;
    observe(record?.state ?? null);
    if (record && !isImportRunFinished(record.state)) resumeWhenFree();
  };
  const sync = () => {
    const reading = readStored();
    syncing = reading.catch(() => undefined);
    return reading;
  };

  runs.subscribe(() => void sync());

  return {
    async start(request) {
      if (isLive(current)) throw finishStartedExport();
      const { plan, identifiers } = planOf(request);
      const stored = await runs.read();
      if (stored && !isImportRunFinished(stored.state)) throw finishStartedExport();
      const release = await lock.tryAcquire();
      if (!release) throw finishStartedExport();
      const record = newRunRecord(request, plan, { runId: newRunId(), now: clock.now() });
      await runs.remove().catch(() => undefined);
      if (identifiers) await runs.writeIdentifiers(record.runId, identifiers).catch(() => undefined);
      await keep(record);
      return launch(record, plan, release).record.state;
    },
    async stop() {
      const run = current;
      if (run && isLive(run)) {
        run.controller.abort();
        await run.done;
        return run.record.state;
      }
      if (run) return run.record.state;
      const record = await runs.read();
      if (!record) return null;
      if (!isImportRunFinished(record.state)) {
        // Another tab drives it: that agent stops after its page, and this one hears of it through
        // the storage. When no agent drives it, this one takes it and ends it.
        await runs.requestStop(record.runId);
        resumeWhenFree();
      }
      return record.state;
    },
    async clear() {
      if (isLive(current)) return;
      const record = await runs.read();
      const isOwnOrNone = !current || !record || record.runId === current.record.runId;
      if (record && isOwnOrNone && isImportRunFinished(record.state)) await runs.remove();
      current = undefined;
      observed = null;
      if (record && !isImportRunFinished(record.state)) observe(record.state);
    },
    state: () => current?.record.state ?? observed,
    href() {
      const navigationUrl = (current?.record.state ?? observed)?.navigationUrl;
      return navigationUrl ? { navigationUrl } : null;
    },
    sync,
    settled: async () => {
      await syncing;
      await resuming;
      await current?.done;
    },
  };
}
