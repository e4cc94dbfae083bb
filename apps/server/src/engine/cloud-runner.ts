import { hostname } from 'node:os';
import {
  type ActivityRunner,
  type AutomationApi,
  createActivityRunner,
  createWakeSignal,
  type NetworkForPersona,
  type RunnerWake,
  SandboxNetworkClient,
} from '@outpilot/agent';
import {
  maxClaimBatch,
  type RunnerState,
  sandboxBasePath,
  sandboxPaths,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError, NotFoundError } from '../errors.ts';
import { type ActivityWakeups, anyPersona, nextCheckAt } from './activity-wakeups.ts';
import { claimActivities } from './claim-activities.ts';
import { releaseRunnerClaims } from './expire-leases.ts';
import { reportActivities } from './report-activity.ts';
import { syncConnections } from './sync-connections.ts';
import { syncConversations } from './sync-conversations.ts';

type EngineDeps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * The automation API in process: the cloud runner calls the use-cases the HTTP routes call, for
 * the personas it runs (no token, no HTTP).
 */
export function createInProcessAutomation(
  deps: EngineDeps,
  personaIds: () => readonly string[],
): AutomationApi {
  const allowed = (personaId: string) => {
    if (!personaIds().includes(personaId)) throw new NotAuthorizedError();
  };
  return {
    async claim(request) {
      const mine = personaIds();
      const wanted = request.persona_ids ? mine.filter((id) => request.persona_ids?.includes(id)) : mine;
      const claimed = await claimActivities(deps, {
        personaIds: wanted,
        runnerId: request.runner_id,
        max: request.max,
        leaseSeconds: request.lease_seconds,
      });
      return { activities: claimed };
    },
    async reportMany(request) {
      // Another persona's activity is not found: reported as found: false, like over HTTP.
      const results = await reportActivities(deps, {
        personaIds: personaIds(),
        reports: request.reports,
      });
      return { results };
    },
    async syncConnections(request) {
      allowed(request.persona_id);
      return syncConnections(deps, { callerPersonaId: request.persona_id, request });
    },
    async syncConversations(request) {
      allowed(request.persona_id);
      return syncConversations(deps, { callerPersonaId: request.persona_id, request });
    },
  };
}

/** Renew a sandbox session after this much clock time (sessions expire after 7 days). */
const sessionRenewMs = 24 * 60 * 60_000;

/** Signs a member in to the sandbox network through its session API; answers the session id. */
export async function openSandboxSession(
  sandboxBaseUrl: string,
  publicIdentifier: string,
  doFetch: typeof fetch = fetch,
): Promise<string> {
  const response = await doFetch(`${sandboxBaseUrl}${sandboxPaths.session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicIdentifier }),
  });
  if (!response.ok) throw new Error(`Sandbox session for ${publicIdentifier} answered ${response.status}`);
  return sandboxSessionResponseSchema.parse(await response.json()).sessionId;
}

/**
 * Per persona, a SandboxNetworkClient with an explicit sandbox session: the persona's linked
 * network member signed in through the sandbox's session API (renewed daily on the clock).
 */
export function createSandboxNetworks(deps: EngineDeps & { publicUrl: string; fetch?: typeof fetch }) {
  const sandboxBaseUrl = `${deps.publicUrl.replace(/\/+$/, '')}${sandboxBasePath}`;
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const sessions = new Map<string, { client: SandboxNetworkClient; at: number }>();
  return async (personaId: string): Promise<SandboxNetworkClient> => {
    const now = deps.clock.now().getTime();
    const known = sessions.get(personaId);
    if (known && now - known.at < sessionRenewMs && now >= known.at) return known.client;
    const [persona] = await deps.db
      .select({ publicIdentifier: personas.networkPublicIdentifier })
      .from(personas)
      .where(eq(personas.id, personaId));
    if (!persona?.publicIdentifier) throw new NotFoundError('The workspace has no linked network profile');
    const sessionId = await openSandboxSession(sandboxBaseUrl, persona.publicIdentifier, doFetch);
    const client = new SandboxNetworkClient({ sandboxBaseUrl, sessionId, fetch: doFetch });
    sessions.set(personaId, { client, at: now });
    return client;
  };
}

/**
 * Activities the cloud runner claims at once, each of another persona: the most a claim takes.
 * Larger than a browser runner's batch (that one acts for one persona): the claim and the batch's
 * reports each cost one transaction however many they carry, and a stop gives back what was not
 * started (releaseRunnerClaims), so nothing waits for a lease (docs/decisions.md).
 */
export const cloudClaimBatch = maxClaimBatch;

/** How long the cloud runner keeps quiet about a failure it has just logged (real time). */
const repeatedErrorLogMs = 10 * 60_000;

export type CloudRunnerOptions = {
  deps: EngineDeps & { publicUrl: string };
  /** Reports go through here too (tests use it); default: logs nothing. */
  onError?: (error: unknown) => void;
  runnerId?: string;
  /** How often the list of cloud personas is read again. */
  refreshIntervalMs?: number;
  /** The runner's longest wait after an empty claim (wake-ups and the next check end it sooner). */
  pollIntervalMs?: number;
  /** Notifications that activities were queued: an idle runner claims at once instead of polling. */
  wakeups?: ActivityWakeups;
  /** The network per persona; default: the sandbox, a session per persona (the bench passes its own). */
  network?: NetworkForPersona;
};

export type CloudRunner = {
  /** The personas it acts for now. */
  personaIds(): readonly string[];
  /** Reads the cloud personas again. */
  refresh(): Promise<void>;
  start(): Promise<void>;
  /** Finishes the activity in hand, then gives back the claims not started. */
  stop(): Promise<void>;
  runner: ActivityRunner;
};

/**
 * The cloud runner (sandbox network): the agent's activity runner for every persona in automation
 * mode 'cloud' with a linked network profile, over the in-process automation API and a sandbox
 * session per persona. Started and stopped with the server.
 */
export function createCloudRunner(options: CloudRunnerOptions): CloudRunner {
  const { deps } = options;
  const runnerId = options.runnerId ?? `cloud:${hostname()}:${process.pid}`;
  let ids: string[] = [];
  let known = new Set<string>();
  const wake = createWakeSignal();
  let lastError: RunnerState['lastError'] = null;
  let lastLogged = { text: '', at: 0 };
  const unsubscribe = options.wakeups?.subscribe((personaId) => {
    if (personaId === anyPersona || known.has(personaId)) wake.wake();
  });
  const runner = createActivityRunner({
    automation: createInProcessAutomation(deps, () => ids),
    maxClaim: cloudClaimBatch,
    network: options.network ?? createSandboxNetworks(deps),
    runnerId,
    clock: deps.clock,
    // Every cloud persona of the moment, claimed for or not: after a restart, one whose campaign
    // only waits for an acceptance or a reply has nothing to claim, and only a sync moves it on.
    syncedPersonaIds: () => ids,
    wake: untilNextCheck(deps, () => ids, wake, options.onError),
    // The runner keeps its failures (a claim, a report, a sync) in its state, which a browser
    // shows; on the server nobody reads that state, so each new one goes to onError (the log). The
    // same failure again (a persona's expired session meets every sync) is logged again only after a while.
    onChange: (state) => {
      if (!state.lastError || state.lastError === lastError) return;
      lastError = state.lastError;
      const text = JSON.stringify(state.lastError);
      const now = performance.now();
      if (text === lastLogged.text && now - lastLogged.at < repeatedErrorLogMs) return;
      lastLogged = { text, at: now };
      options.onError?.(state.lastError);
    },
    ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    const rows = await deps.db
      .select({ id: personas.id })
      .from(personas)
      .where(and(eq(personas.automationMode, 'cloud'), isNotNull(personas.networkPublicIdentifier)));
    ids = rows.map((row) => row.id);
    known = new Set(ids);
  };
  return {
    personaIds: () => ids,
    refresh,
    async start() {
      await refresh();
      runner.start();
      const every = options.refreshIntervalMs ?? 30_000;
      const tick = () => {
        timer = setTimeout(() => {
          refresh()
            .catch((error) => options.onError?.(error))
            .finally(() => {
              if (timer) tick();
            });
        }, every);
      };
      tick();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      await runner.stop();
      await releaseRunnerClaims(deps, runnerId);
    },
    runner,
  };
}

/**
 * The idle wait of the cloud runner: until a wake-up, or until the earliest next check of its
 * personas comes (read after every empty claim), at most the poll interval. With a virtual clock
 * that time means nothing in real time (a test moves that clock): only wake-ups and polls.
 */
function untilNextCheck(
  deps: EngineDeps,
  personaIds: () => readonly string[],
  wake: RunnerWake,
  onError: ((error: unknown) => void) | undefined,
): RunnerWake {
  const virtual = 'kind' in deps.clock && deps.clock.kind === 'virtual';
  let claimBegan = deps.clock.now();
  return {
    beforeClaim() {
      claimBegan = deps.clock.now();
      wake.beforeClaim();
    },
    async wait(maxMs, signal) {
      let waitMs = maxMs;
      if (!virtual) {
        try {
          // After the empty claim began, not after now: a check that came due while that claim and
          // this read ran is claimed at once, not a poll later.
          const next = await nextCheckAt(deps.db, personaIds(), claimBegan);
          // One millisecond late: a claim at exactly that time takes it (next_check_at <= now).
          if (next) waitMs = Math.min(maxMs, Math.max(0, next.getTime() - deps.clock.now().getTime() + 1));
        } catch (error) {
          onError?.(error);
        }
      }
      await wake.wait(waitMs, signal);
    },
  };
}
