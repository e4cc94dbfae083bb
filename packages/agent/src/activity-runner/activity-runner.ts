import {
  type ActivityOutcome,
  activityOutcomes,
  type ClaimedActivity,
  type ClaimedInboxChange,
  type InboxChangeReport,
  maxClaimBatch,
  maxLeaseSeconds,
  type ReportActivityRequest,
  type ReportActivityResponse,
  type RunnerState,
} from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import type { AutomationApi } from '../automation-client.ts';
import { AgentError, toErrorBody } from '../errors.ts';
import {
  backoffDelayMs,
  defaultRetryPolicy,
  type RetryPolicy,
  realSleep,
  type Sleep,
  withRetry,
} from '../import-runner/with-retry.ts';
import type { ActivityNetworkClient } from '../network/network-client.ts';
import { createMemoryStore, type KeyValueStore } from '../storage.ts';
import { type ActivityResult, resultOfError } from './activity-result.ts';
import { reportKey } from './idempotency-keys.ts';
import { performActivity } from './perform-activity.ts';
import { canChangeInbox, performInboxChange } from './perform-inbox-change.ts';
import { syncPersona } from './sync-network.ts';
import type { RunnerWake } from './wake-signal.ts';

/** One network client for every persona (the browser's session), or one per persona (the cloud). */
export type NetworkForPersona =
  | ActivityNetworkClient
  | ((personaId: string) => ActivityNetworkClient | Promise<ActivityNetworkClient>);

export type ActivityRunnerOptions = {
  automation: AutomationApi;
  network: NetworkForPersona;
  /** Names this runner in claims (leases), e.g. 'browser:<persona>' or 'cloud:<host>:<pid>'. */
  runnerId: string;
  /** Claim only for these personas, and sync them; without it any persona the server gives. */
  personaIds?: string[];
  /**
   * The personas to sync, read at each sync. Default: personaIds and every persona claimed for
   * since the start. The cloud runner gives its cloud personas of the moment: one whose campaign
   * only waits (for an acceptance, a reply) has nothing to claim after a restart, yet must be synced.
   */
  syncedPersonaIds?: () => Iterable<string>;
  clock?: Clock;
  sleep?: Sleep;
  /** In [0, 1): the jitter of back-offs. */
  random?: () => number;
  /** Activities claimed at once (default 5: claims not started by a stop wait for their lease). */
  maxClaim?: number;
  leaseSeconds?: number;
  /** The wait after a claim that found nothing due (the longest, when `wake` is given). */
  pollIntervalMs?: number;
  /** Ends that wait early when something may be due (the cloud runner: notifications, next planned time). */
  wake?: RunnerWake;
  /** How often connections and conversations are synced (after a claim round). */
  syncIntervalMs?: number;
  /** An activity is not started when less of its lease than this is left: another runner may get it. */
  leaseMarginMs?: number;
  /** Resends of a report (and the back-off of failing claims). */
  retry?: RetryPolicy;
  /** Where sync cursors are kept (localStorage in a page; memory by default). */
  cursors?: KeyValueStore;
  onChange?: (state: RunnerState) => void;
  /** Told of every report sent and its answer (or failure), for logs and tests. */
  onReport?: (event: RunnerReportEvent) => void;
  /**
   * Also make the inbox's changes the server queues for this runner (a local-mode workspace on
   * LinkedIn: the user's browser acts for the inbox). Needs `automation.reportInboxChanges`.
   */
  inboxChanges?: boolean;
};

export type RunnerReportEvent = {
  activity: ClaimedActivity;
  request: ReportActivityRequest;
  response: ReportActivityResponse | null;
  error?: unknown;
};

/** A performed activity and the report it makes. */
type Performed = { activity: ClaimedActivity; request: ReportActivityRequest };

export type RunOnceResult = {
  claimed: number;
  performed: number;
  synced: boolean;
  /** The inbox's changes made this round. */
  inboxChanges: number;
};

export type ActivityRunner = {
  /** Starts the loop (no-op while running); answers the state at once. */
  start(): RunnerState;
  /** Finishes and reports the activity in hand, claims no more; resolves once the loop has ended. */
  stop(): Promise<RunnerState>;
  state(): RunnerState;
  /** One round without the loop: claim, perform and report, then sync when due. */
  runOnce(): Promise<RunOnceResult>;
  /** Syncs every known persona now. */
  syncNow(): Promise<void>;
  /** Resolves when the loop (if any) has ended. */
  settled(): Promise<void>;
};

export const runnerDefaults = {
  maxClaim: 5,
  leaseSeconds: 5 * 60,
  pollIntervalMs: 5_000,
  syncIntervalMs: 60_000,
  leaseMarginMs: 30_000,
  retry: { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 30_000 } satisfies RetryPolicy,
} as const;

const zeroCounts = () =>
  Object.fromEntries(activityOutcomes.map((outcome) => [outcome, 0])) as Record<ActivityOutcome, number>;

/** The refusals of the automation service that no retry or wait can mend for this runner. */
const isFatal = (error: unknown) =>
  error instanceof AgentError && (error.name === 'NotAuthenticated' || error.name === 'NotAuthorized');

/**
 * The campaign activity runner (ARCHITECTURE "Campaign engine"): claims due activities, performs
 * each through the NetworkClient, reports one outcome per attempt with a stable key, and syncs
 * connections and conversations. The same code runs in the extension, in the page (local mode) and
 * on the server (cloud mode). At-most-once on the network: every action carries the step's
 * idempotency key, and a later attempt reconciles with the network before acting.
 */
export function createActivityRunner(options: ActivityRunnerOptions): ActivityRunner {
  const { automation, runnerId } = options;
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const retry = options.retry ?? runnerDefaults.retry;
  const maxClaim = Math.min(maxClaimBatch, options.maxClaim ?? runnerDefaults.maxClaim);
  const leaseSeconds = Math.min(maxLeaseSeconds, options.leaseSeconds ?? runnerDefaults.leaseSeconds);
  const pollIntervalMs = options.pollIntervalMs ?? runnerDefaults.pollIntervalMs;
  const syncIntervalMs = options.syncIntervalMs ?? runnerDefaults.syncIntervalMs;
  const leaseMarginMs = options.leaseMarginMs ?? runnerDefaults.leaseMarginMs;
  const cursors = options.cursors ?? createMemoryStore();
  const personas = new Set(options.personaIds ?? []);

  let state: RunnerState = {
    status: 'stopped',
    startedAt: null,
    lastClaimAt: null,
    lastSyncAt: null,
    current: null,
    counts: zeroCounts(),
    lastError: null,
  };
  let stopping: AbortController | undefined;
  let loop: Promise<void> = Promise.resolve();
  let lastSyncMs: number | undefined;

  const update = (change: Partial<RunnerState>) => {
    state = { ...state, ...change };
    options.onChange?.(state);
  };
  const isStopping = () => stopping?.signal.aborted === true;

  const networkFor = async (personaId: string): Promise<ActivityNetworkClient> =>
    typeof options.network === 'function' ? options.network(personaId) : options.network;

  /** What a performed activity reports, with the time it was done by this runner's clock. */
  const reportOf = (activity: ClaimedActivity, result: ActivityResult): ReportActivityRequest => ({
    attempt: activity.attempt,
    idempotency_key: reportKey(activity),
    outcome: result.outcome,
    ...(result.networkRef ? { network_ref: result.networkRef.slice(0, 500) } : {}),
    ...(result.error ? { error: result.error } : {}),
    performed_at: clock.now().toISOString(),
    ...(result.scrapedProfile ? { scraped_profile: result.scrapedProfile } : {}),
    ...(result.reconciled ? { reconciled: true } : {}),
  });

  /**
   * The batch's outcomes in one request (one transaction on the server), resent on transient
   * failures with back-off: every report keeps its idempotency key, so a resend after a lost answer
   * changes nothing twice. A stale attempt's refusal is final, never resent.
   */
  const reportAll = async (performed: Performed[]): Promise<void> => {
    if (performed.length === 0) return;
    const reports = performed.map(({ activity, request }) => ({
      activity_id: activity.activity_id,
      ...request,
    }));
    try {
      // No stop signal: a stop must not lose the reports of what was done.
      const { results } = await withRetry(() => automation.reportMany({ reports }), {
        policy: retry,
        sleep,
        random,
      });
      const resultOf = new Map(results.map((result) => [result.activity_id, result]));
      let counts = state.counts;
      for (const { activity, request } of performed) {
        const result = resultOf.get(activity.activity_id);
        const response = result ? { accepted: result.accepted, duplicate: result.duplicate } : null;
        options.onReport?.({ activity, request, response });
        if (response?.accepted) counts = { ...counts, [request.outcome]: counts[request.outcome] + 1 };
      }
      update({ counts });
    } catch (error) {
      // The outcomes are lost; the leases run out and the next attempts reconcile with the network.
      for (const { activity, request } of performed)
        options.onReport?.({ activity, request, response: null, error });
      update({ lastError: toErrorBody(error) });
    }
  };

  const perform = async (activity: ClaimedActivity, lostSessions: Set<string>): Promise<Performed> => {
    update({ current: { activityId: activity.activity_id, operationType: activity.operation_type } });
    let result: ActivityResult;
    const lost = lostSessions.has(activity.persona_id);
    if (lost) {
      // The persona's session is gone: the rest of its batch is reported without knocking again.
      result = resultOfError(new AgentError('NotAuthenticated', 'The network session is signed out'));
    } else {
      try {
        const network = await networkFor(activity.persona_id);
        result = await performActivity(activity, network, { now: clock.now() });
      } catch (error) {
        result = resultOfError(error);
      }
    }
    if (result.error?.name === 'NotAuthenticated') lostSessions.add(activity.persona_id);
    update({ current: null });
    return { activity, request: reportOf(activity, result) };
  };

  /**
   * The inbox's changes first (someone is waiting on the screen), in the order they were made,
   * then one report for them all, resent on transient failures (a lost report leaves the change
   * to its lease and its call's time-out: at worst the message's origin token keeps it single).
   */
  const performInboxChanges = async (changes: readonly ClaimedInboxChange[]): Promise<void> => {
    if (changes.length === 0) return;
    const reports: InboxChangeReport[] = [];
    for (const change of changes) {
      let network: ActivityNetworkClient | undefined;
      try {
        network = await networkFor(change.persona_id);
      } catch (error) {
        reports.push({
          change_id: change.change_id,
          attempt: change.attempt,
          outcome: 'failed',
          error: { name: 'NotAuthenticated', message: toErrorBody(error).message.slice(0, 2000) },
        });
        continue;
      }
      if (change.change.kind === 'sync') {
        reports.push(await syncForInbox(change, network));
        continue;
      }
      reports.push(
        canChangeInbox(network)
          ? await performInboxChange(change, network)
          : {
              change_id: change.change_id,
              attempt: change.attempt,
              outcome: 'failed',
              error: { name: 'BadRequest', message: 'This runner cannot change the inbox', status: 400 },
            },
      );
    }
    const report = automation.reportInboxChanges?.bind(automation);
    if (!report) return;
    try {
      await withRetry(() => report({ reports }), { policy: retry, sleep, random });
    } catch (error) {
      update({ lastError: toErrorBody(error) });
    }
  };

  /** The inbox's Sync: this persona's sync now, from where the runner's cursor is. */
  const syncForInbox = async (
    change: ClaimedInboxChange,
    network: ActivityNetworkClient,
  ): Promise<InboxChangeReport> => {
    const base = { change_id: change.change_id, attempt: change.attempt };
    try {
      await syncPersona({ personaId: change.persona_id, network, automation, cursors });
      return { ...base, outcome: 'done' };
    } catch (error) {
      const body = toErrorBody(error);
      const status = error instanceof AgentError ? error.status : undefined;
      return {
        ...base,
        outcome: 'failed',
        error: {
          name: body.name.slice(0, 100),
          message: body.message.slice(0, 2000),
          ...(status && status >= 400 && status < 600 ? { status } : {}),
        },
      };
    }
  };

  const syncAll = async (): Promise<void> => {
    for (const personaId of options.syncedPersonaIds?.() ?? personas) {
      try {
        await syncPersona({ personaId, network: await networkFor(personaId), automation, cursors });
      } catch (error) {
        update({ lastError: toErrorBody(error) });
      }
    }
    lastSyncMs = clock.now().getTime();
    update({ lastSyncAt: clock.now().toISOString() });
  };

  const runOnce = async (): Promise<RunOnceResult> => {
    const claimedAtMs = clock.now().getTime();
    const askInbox = options.inboxChanges === true && automation.reportInboxChanges !== undefined;
    const { activities, inbox_changes: changes = [] } = await automation.claim({
      runner_id: runnerId,
      max: maxClaim,
      lease_seconds: leaseSeconds,
      ...(options.personaIds ? { persona_ids: options.personaIds } : {}),
      ...(askInbox ? { inbox_changes: true } : {}),
    });
    update({ lastClaimAt: new Date(claimedAtMs).toISOString() });
    await performInboxChanges(changes);
    // Measured from our own clock when the claim answered: no skew with the server's.
    const startBy = claimedAtMs + leaseSeconds * 1000 - leaseMarginMs;
    const lostSessions = new Set<string>();
    const performed: Performed[] = [];
    for (const activity of activities) {
      personas.add(activity.persona_id);
      // A stop leaves the rest to their leases; a lease nearly out is left for another runner.
      if (isStopping() || clock.now().getTime() > startBy) break;
      performed.push(await perform(activity, lostSessions));
    }
    await reportAll(performed);
    const due = lastSyncMs === undefined || clock.now().getTime() - lastSyncMs >= syncIntervalMs;
    if (due && !isStopping()) await syncAll();
    return {
      claimed: activities.length,
      performed: performed.length,
      synced: due,
      inboxChanges: changes.length,
    };
  };

  const run = async (signal: AbortSignal): Promise<void> => {
    let failures = 0;
    const idle = () =>
      options.wake ? options.wake.wait(pollIntervalMs, signal) : sleep(pollIntervalMs, signal);
    while (!signal.aborted) {
      try {
        options.wake?.beforeClaim();
        const { claimed, inboxChanges } = await runOnce();
        failures = 0;
        // No wait after a round that found work: the next due activity may be waiting already
        // (a fixed sleep after every fetch caps a runner at batch / interval, pg-boss's limit).
        if (claimed === 0 && inboxChanges === 0) await idle();
      } catch (error) {
        update({ lastError: toErrorBody(error) });
        if (isFatal(error)) break;
        failures += 1;
        const retryAfterMs = error instanceof AgentError ? error.retryAfterMs : undefined;
        const policy = { ...defaultRetryPolicy, baseDelayMs: pollIntervalMs, maxDelayMs: retry.maxDelayMs };
        await sleep(backoffDelayMs(failures, policy, random, retryAfterMs), signal);
      }
    }
    update({ status: 'stopped', current: null });
  };

  // A start while a stop finishes the round in hand (a page reload: the old page's stop, then the
  // new page's start) runs again once that round ends; dropped, it left no runner at all.
  let restartWanted = false;
  const begin = () => {
    const controller = new AbortController();
    stopping = controller;
    update({ status: 'running', startedAt: clock.now().toISOString(), lastError: null });
    loop = run(controller.signal).then(() => {
      if (!restartWanted) return;
      restartWanted = false;
      begin();
    });
  };

  return {
    start() {
      if (state.status === 'stopping') restartWanted = true;
      if (state.status !== 'stopped') return state;
      begin();
      return state;
    },
    async stop() {
      restartWanted = false;
      if (state.status === 'running') update({ status: 'stopping' });
      stopping?.abort();
      await loop;
      return state;
    },
    state: () => state,
    runOnce,
    syncNow: syncAll,
    settled: () => loop,
  };
}
