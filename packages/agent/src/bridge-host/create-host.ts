import {
  type BridgeResponse,
  bridgeChannel,
  bridgeRequestSchema,
  type ErrorBody,
  findBridgeCommand,
} from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import type { z } from 'zod';
import type { ActivityRunner } from '../activity-runner/activity-runner.ts';
import { type BridgeEventEmitter, createBridgeEventEmitter } from '../bridge-events.ts';
import { toErrorBody } from '../errors.ts';
import { importRunKey } from '../import-runner/import-run-key.ts';
import type { ImportRunner, ImportRunnerOptions, ImportsApi } from '../import-runner/import-runner.ts';
import type { RetryPolicy, Sleep } from '../import-runner/with-retry.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import type { TokenStore } from '../token-store.ts';
import { apiTarget } from './api-target.ts';
import { authTarget } from './auth-target.ts';
import { networkTarget } from './network-target.ts';
import type { ProductApi } from './product-api.ts';
import type { RunnerClients } from './runner-clients.ts';
import { idleRunnerState } from './runner-state.ts';
import type { ActivitiesOptions, RunnerTarget } from './runner-target.ts';
import type { Handlers } from './target-handlers.ts';
import { createTokenSession } from './token-session.ts';

export type BridgeHostOptions = {
  version: string;
  homeUrl: string;
  api: ProductApi;
  /** The import runner's server calls, built when the runners load (an ImportsApiClient in production). */
  importsApi: (clients: RunnerClients) => ImportsApi;
  tokens: TokenStore;
  network: AgentNetworkClient;
  /**
   * Signs the browser in to the network as the member chosen for this e-mail. Given only in sandbox
   * mode, where "the browser is signed in to the network" is a sandbox session: after the product
   * sign-in, a browser with no session gets one, so the link step captures that member.
   */
  signInToNetwork?: (email: string) => Promise<unknown>;
  /** Pacing of that sign-in's retries: tests pass an instant sleep and a fixed random. */
  networkSignIn?: { sleep?: Sleep; random?: () => number; retry?: RetryPolicy };
  clock?: Clock;
  events?: BridgeEventEmitter;
  /**
   * The import runner's storage (so a run survives a restart of the agent), its lock among agents
   * sharing that storage, and its pacing (the network's; tests pass an instant sleep and a fixed random).
   */
  imports?: Pick<
    ImportRunnerOptions,
    'sleep' | 'random' | 'retry' | 'pageSize' | 'pacing' | 'store' | 'lock' | 'newRunId'
  >;
  /** The campaign activity runner of the runner target (local mode); without it runner.start is refused. */
  activities?: ActivitiesOptions;
};

export type BridgeHost = {
  /** Answers one bridge request; never throws, every failure becomes an error response. */
  handle(request: unknown): Promise<BridgeResponse>;
  events: BridgeEventEmitter;
  /** The export target's run (loaded on first use), for hosts that keep the agent alive while it works. */
  importRunner(): Promise<ImportRunner>;
  /** The runner target's activity runner, once started. */
  activityRunner(): ActivityRunner | undefined;
  /** Stops the activity runner (the page closes, the user signs out); the activity in hand is reported. */
  stopActivityRunner(): Promise<void>;
};

type AnyHandler = (payload: unknown) => Promise<unknown>;

function correlationIdOf(request: unknown): string {
  if (typeof request !== 'object' || request === null || !('metadata' in request)) return '';
  const { metadata } = request;
  if (typeof metadata !== 'object' || metadata === null || !('correlationId' in metadata)) return '';
  return typeof metadata.correlationId === 'string' ? metadata.correlationId : '';
}

function invalidInput(name: 'BadRequest' | 'UnprocessableEntity', error: z.ZodError): ErrorBody {
  const errors = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(payload)',
    description: issue.message,
  }));
  return { name, message: errors[0]?.description ?? 'Invalid message', errors };
}

/** The heavy half of the host (bridge-host/runners.ts), statically imported or loaded on first use. */
export type HostRunners = typeof import('./runners.ts');

/**
 * The agent's side of the bridge (seed 000 §7): the same host answers the extension's external
 * messages and the in-page transport, so the web app cannot tell them apart. Each target's
 * commands live in bridge-host/<target>-target.ts; the token session is shared by all of them.
 * The import and activity runners come from `loadRunners`, called when a command first needs them
 * or a stored run has to be picked up: the sign-in screen's commands never wait for them.
 */
export function createBridgeHostWith(
  options: BridgeHostOptions,
  loadRunners: () => Promise<HostRunners>,
): BridgeHost {
  const { api, tokens, network } = options;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? createBridgeEventEmitter();
  const session = createTokenSession({ api, tokens, clock });
  const store = options.imports?.store;

  let importRunner: Promise<ImportRunner> | undefined;
  const loadImportRunner = (): Promise<ImportRunner> => {
    importRunner ??= loadRunners().then((runners) => {
      const loaded = runners.createImportRunner({
        network,
        api: options.importsApi(runners.runnerClients),
        getAccessToken: session.accessTokens.current,
        onChange: (state) => events.emit('exportStateChanged', state),
        clock,
        ...options.imports,
      });
      stopWatchingStore();
      return loaded;
    });
    // A failed download is tried again on the next use.
    importRunner.catch(() => {
      importRunner = undefined;
    });
    return importRunner;
  };
  /** Whether the storage holds a run (this agent's, another tab's, or one left by a previous agent). */
  const isRunStored = async () => (await store?.get(importRunKey).catch(() => undefined)) !== undefined;
  /**
   * The import runner's sync (hosts call it on start, after a sign-in, before answering about the
   * run): without a loaded runner and a stored run there is nothing to pick up or report.
   */
  const syncImportRun = async (): Promise<void> => {
    if (importRunner || (await isRunStored())) await (await loadImportRunner()).sync();
  };
  // A run another agent sharing the storage starts is followed from its first write.
  const stopWatchingStore =
    store?.subscribe?.((key) => {
      if (key === importRunKey) void syncImportRun().catch(() => undefined);
    }) ?? (() => undefined);
  // A run the previous agent left unfinished (a reload, a closed tab) is picked up now.
  const startUp = syncImportRun().catch(() => undefined);

  let runner: Promise<RunnerTarget> | undefined;
  let loadedRunner: RunnerTarget | undefined;
  const loadRunner = (): Promise<RunnerTarget> => {
    runner ??= loadRunners().then((runners) => {
      loadedRunner = runners.runnerTarget({ activities: options.activities, api, session, events, clock });
      return loadedRunner;
    });
    runner.catch(() => {
      runner = undefined;
    });
    return runner;
  };
  // Signing out stops this browser's runs while the token still works, then forgets the session.
  const endSession = async () => {
    if (runner) await (await runner).stop();
    if (importRunner || (await isRunStored())) {
      const [runners, loaded] = await Promise.all([loadRunners(), loadImportRunner()]);
      await runners.endImportRun(loaded);
    }
    await session.revoke();
  };

  const exportHandlers = async () => {
    const [runners, loaded] = await Promise.all([loadRunners(), loadImportRunner()]);
    return runners.exportTarget({ network, importRunner: loaded, session });
  };

  const handlers: Handlers = {
    system: { getVersion: async () => ({ version: options.version }) },
    settings: { getHomeUrl: async () => ({ url: options.homeUrl }) },
    auth: authTarget({ api, events, endSession }),
    api: apiTarget({
      api,
      tokens,
      session,
      events,
      ensureNetworkSession: async (accessToken) =>
        (await loadRunners()).ensureNetworkSession(
          { network, api, signInToNetwork: options.signInToNetwork, pacing: options.networkSignIn },
          accessToken,
        ),
      syncImportRun: () => void syncImportRun().catch(() => undefined),
      endSession,
    }),
    network: networkTarget(network),
    logging: {
      report: async (entry) => {
        const current = await tokens.get();
        await api.postLog(entry, current?.accessToken);
        return {};
      },
    },
    export: {
      count: async (input) => (await exportHandlers()).count(input),
      countProfileUrls: async (input) => (await exportHandlers()).countProfileUrls(input),
      start: async (input) => (await exportHandlers()).start(input),
      stop: async (input) => (await exportHandlers()).stop(input),
      clear: async (input) => (await exportHandlers()).clear(input),
      state: async (input) => (await exportHandlers()).state(input),
      href: async (input) => (await exportHandlers()).href(input),
    },
    runner: {
      start: async (input) => (await loadRunner()).handlers.start(input),
      // Never started here: nothing to load for the answer.
      stop: async (input) => (runner ? (await runner).handlers.stop(input) : idleRunnerState),
      state: async (input) => (runner ? (await runner).handlers.state(input) : idleRunnerState),
      checkWorkingHours: async (input) => (await loadRunner()).handlers.checkWorkingHours(input),
    },
  };

  const handle = async (request: unknown): Promise<BridgeResponse> => {
    const metadata = { correlationId: correlationIdOf(request) };
    const fail = (error: ErrorBody): BridgeResponse => ({
      channel: bridgeChannel,
      kind: 'response',
      metadata,
      ok: false,
      error,
    });
    const envelope = bridgeRequestSchema.safeParse(request);
    if (!envelope.success) return fail(invalidInput('BadRequest', envelope.error));
    const { target, command, payload } = envelope.data;
    const spec = findBridgeCommand(target, command);
    const handler = (handlers as Partial<Record<string, Record<string, AnyHandler>>>)[target]?.[command];
    if (!spec || !handler)
      return fail({ name: 'BadRequest', message: `Unknown command ${target}.${command}` });
    // Commands without input may be sent with no payload at all.
    const input = spec.payload.safeParse(payload ?? {});
    if (!input.success) return fail(invalidInput('UnprocessableEntity', input.error));
    try {
      const result = spec.result.parse(await handler(input.data));
      return { channel: bridgeChannel, kind: 'response', metadata, ok: true, result };
    } catch (error) {
      return fail(toErrorBody(error));
    }
  };

  return {
    handle,
    events,
    importRunner: async () => {
      await startUp;
      return loadImportRunner();
    },
    activityRunner: () => loadedRunner?.activityRunner(),
    stopActivityRunner: async () => {
      if (runner) await (await runner).stop();
    },
  };
}
