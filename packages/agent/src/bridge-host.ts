import {
  type BridgeResponse,
  bridgeChannel,
  bridgeRequestSchema,
  type ErrorBody,
  findBridgeCommand,
} from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import type { z } from 'zod';
import type { ActivityRunner } from './activity-runner/activity-runner.ts';
import { type BridgeEventEmitter, createBridgeEventEmitter } from './bridge-events.ts';
import { apiTarget } from './bridge-host/api-target.ts';
import { authTarget } from './bridge-host/auth-target.ts';
import { endImportRun, exportTarget } from './bridge-host/export-target.ts';
import { networkTarget } from './bridge-host/network-target.ts';
import type { ProductApi } from './bridge-host/product-api.ts';
import { type ActivitiesOptions, runnerTarget } from './bridge-host/runner-target.ts';
import type { Handlers } from './bridge-host/target-handlers.ts';
import { createTokenSession } from './bridge-host/token-session.ts';
import { toErrorBody } from './errors.ts';
import {
  createImportRunner,
  type ImportRunner,
  type ImportRunnerOptions,
} from './import-runner/import-runner.ts';
import type { RetryPolicy, Sleep } from './import-runner/with-retry.ts';
import type { AgentNetworkClient } from './network/network-client.ts';
import type { TokenStore } from './token-store.ts';

export { networkSignInRetry } from './bridge-host/network-sign-in.ts';
export type { ProductApi } from './bridge-host/product-api.ts';
export { idleRunnerState } from './bridge-host/runner-target.ts';
export { type AccessTokenSource, tokenRefreshMarginMs } from './bridge-host/token-session.ts';

export type BridgeHostOptions = {
  version: string;
  homeUrl: string;
  api: ProductApi;
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
  /** The export target's run, for hosts that keep the agent alive while it works. */
  importRunner: ImportRunner;
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

/**
 * The agent's side of the bridge (seed 000 §7): the same host answers the extension's external
 * messages and the in-page transport, so the web app cannot tell them apart. Each target's
 * commands live in bridge-host/<target>-target.ts; the token session is shared by all of them.
 */
export function createBridgeHost(options: BridgeHostOptions): BridgeHost {
  const { api, tokens, network } = options;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? createBridgeEventEmitter();
  const session = createTokenSession({ api, tokens, clock });

  const importRunner = createImportRunner({
    network,
    api,
    getAccessToken: session.accessTokens.current,
    onChange: (state) => events.emit('exportStateChanged', state),
    clock,
    ...options.imports,
  });
  // A run the previous agent left unfinished (a reload, a closed tab) is picked up now.
  void importRunner.sync();

  const runner = runnerTarget({ activities: options.activities, api, session, events, clock });
  // Signing out stops this browser's runs while the token still works, then forgets the session.
  const endSession = async () => {
    await runner.stop();
    await endImportRun(importRunner);
    await session.revoke();
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
      networkSignIn: {
        network,
        api,
        signInToNetwork: options.signInToNetwork,
        pacing: options.networkSignIn,
      },
      syncImportRun: () => void importRunner.sync(),
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
    export: exportTarget({ network, importRunner, session }),
    runner: runner.handlers,
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
    importRunner,
    activityRunner: runner.activityRunner,
    stopActivityRunner: runner.stop,
  };
}
