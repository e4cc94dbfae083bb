import {
  type BridgeCommandName,
  type BridgeCommandTarget,
  type BridgeResponse,
  type BridgeResult,
  bridgeChannel,
  type bridgeCommands,
  bridgeRequestSchema,
  type ErrorBody,
  findBridgeCommand,
  type RunnerState,
  type TokenPair,
} from '@outpilot/contracts';
import { type Clock, isWithinWorkingHours, nextWorkingInstant, systemClock } from '@outpilot/domain';
import type { z } from 'zod';
import {
  type ActivityRunner,
  type ActivityRunnerOptions,
  createActivityRunner,
} from './activity-runner/activity-runner.ts';
import type { ApiClient } from './api-client.ts';
import type { AutomationApi } from './automation-client.ts';
import { type BridgeEventEmitter, createBridgeEventEmitter } from './bridge-events.ts';
import { AgentError, toErrorBody } from './errors.ts';
import { countSearch } from './import-runner/count-search.ts';
import {
  createImportRunner,
  type ImportRunner,
  type ImportRunnerOptions,
} from './import-runner/import-runner.ts';
import { readProfileUrls } from './import-runner/read-profile-urls.ts';
import {
  isTransient,
  type RetryPolicy,
  realSleep,
  type Sleep,
  withRetry,
} from './import-runner/with-retry.ts';
import type { ActivityNetworkClient, AgentNetworkClient } from './network/network-client.ts';
import type { TokenStore } from './token-store.ts';

/** The API calls the host makes; an ApiClient in production, anything shaped like it in tests. */
export type ProductApi = Pick<
  ApiClient,
  | 'signInUrl'
  | 'exchangeCode'
  | 'refresh'
  | 'signOut'
  | 'getProfile'
  | 'postLog'
  | 'createImport'
  | 'uploadImportProfiles'
  | 'updateImportState'
  | 'getImport'
>;

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
  /**
   * The campaign activity runner of the runner target (local mode): the automation service, called
   * with the host's access token, and the network it acts on. Without them runner.start is refused.
   */
  activities?: {
    createAutomation: (accessTokens: AccessTokenSource) => AutomationApi;
    network: ActivityNetworkClient;
    /** A random id for this agent, so two tabs' runners tell their claims apart. */
    newRunnerId?: () => string;
  } & Pick<
    ActivityRunnerOptions,
    | 'sleep'
    | 'random'
    | 'retry'
    | 'pollIntervalMs'
    | 'syncIntervalMs'
    | 'cursors'
    | 'maxClaim'
    | 'leaseSeconds'
    | 'leaseMarginMs'
  >;
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

/** An access token this close to its expiry is refreshed before it is handed out. */
export const tokenRefreshMarginMs = 60_000;

/**
 * Retries of the sandbox sign-in after the code exchange, which the sign-in answer waits for:
 * 4 tries over about 3.5 s at most (0.5, 1 and 2 s with jitter). A throttle asking for longer is
 * not waited out: the runner's NotAuthenticated pause shows it instead.
 */
export const networkSignInRetry: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 4_000 };

type Commands = typeof bridgeCommands;
type PayloadOf<T extends BridgeCommandTarget, C extends BridgeCommandName<T>> = Commands[T][C] extends {
  payload: infer P extends z.ZodType;
}
  ? z.output<P>
  : never;
type Handlers = {
  [T in BridgeCommandTarget]: {
    [C in BridgeCommandName<T>]: (payload: PayloadOf<T, C>) => Promise<BridgeResult<T, C>>;
  };
};
type AnyHandler = (payload: unknown) => Promise<unknown>;

const notSignedIn = () => new AgentError('NotAuthenticated', 'Not signed in');

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
 * messages and the in-page transport, so the web app cannot tell them apart.
 */
/** The agent's access token: the current one (refreshed near expiry), or a freshly refreshed one. */
export type AccessTokenSource = { current: () => Promise<string>; refresh: () => Promise<string> };

export function createBridgeHost(options: BridgeHostOptions): BridgeHost {
  const { api, tokens, network } = options;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? createBridgeEventEmitter();
  let refreshing: Promise<TokenPair> | undefined;

  // Refresh tokens rotate: two refreshes with one token would sign the user out, so share one in flight.
  const refreshTokens = (): Promise<TokenPair> => {
    refreshing ??= (async () => {
      const current = await tokens.get();
      if (!current) throw notSignedIn();
      try {
        const next = await api.refresh(current.refreshToken);
        await tokens.set(next);
        return next;
      } catch (error) {
        if (
          error instanceof AgentError &&
          (error.name === 'NotAuthenticated' || error.name === 'NotAuthorized')
        ) {
          await tokens.clear();
          throw new AgentError('NotAuthenticated', error.message);
        }
        throw error;
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const validTokens = async (): Promise<TokenPair> => {
    const current = await tokens.get();
    if (!current) throw notSignedIn();
    const remainingMs = Date.parse(current.accessTokenExpiresAt) - clock.now().getTime();
    return remainingMs <= tokenRefreshMarginMs ? refreshTokens() : current;
  };

  const revoke = async () => {
    const current = await tokens.get();
    if (current) {
      // The local sign-out must happen even if the server cannot be told.
      await api.signOut(current.accessToken).catch(() => undefined);
    }
    await tokens.clear();
  };

  // Best effort, with a few retries on transient failures (a network error, a 5xx, a 429): when it
  // still fails the browser stays signed out of the network, which the link step reports and
  // local runs show as a NotAuthenticated pause until the browser signs in to the network.
  const ensureNetworkSession = async (accessToken: string) => {
    const { signInToNetwork } = options;
    if (!signInToNetwork) return;
    const policy = options.networkSignIn?.retry ?? networkSignInRetry;
    const retried = <T>(call: () => Promise<T>) =>
      withRetry(
        async () => {
          try {
            return await call();
          } catch (error) {
            // A wait longer than the sign-in can afford ends the retries.
            if (isTransient(error) && (error.retryAfterMs ?? 0) > policy.maxDelayMs)
              throw new Error(error.message);
            throw error;
          }
        },
        {
          policy,
          sleep: options.networkSignIn?.sleep ?? realSleep,
          random: options.networkSignIn?.random ?? Math.random,
        },
      );
    try {
      if ((await retried(() => network.getMyProfile())) !== null) return;
      const profile = await retried(() => api.getProfile(accessToken));
      await retried(() => signInToNetwork(profile.email));
    } catch {
      // Nothing more to do: the product sign-in itself succeeded.
    }
  };

  const importRunner = createImportRunner({
    network,
    api,
    getAccessToken: async () => (await validTokens()).accessToken,
    onChange: (state) => events.emit('exportStateChanged', state),
    clock,
    ...options.imports,
  });
  // A run the previous agent left unfinished (a reload, a closed tab) is picked up now.
  void importRunner.sync();

  // Signing out ends this browser's run while its token still works, so its list does not stay running.
  const endImportRun = async () => {
    await importRunner.stop().catch(() => undefined);
    await importRunner.clear().catch(() => undefined);
  };

  let activityRunner: { personaId: string; runner: ActivityRunner } | undefined;
  const stopActivityRunner = async () => {
    const current = activityRunner;
    if (current) await current.runner.stop();
  };

  const startActivityRunner = async (): Promise<RunnerState> => {
    const { activities } = options;
    if (!activities) {
      throw new AgentError('BadRequest', 'This agent runs no campaign activities', { code: 'NO_RUNNER' });
    }
    const { personaId } = await api.getProfile((await validTokens()).accessToken);
    // Another persona signed in since: its runner must not act for the previous one.
    if (activityRunner && activityRunner.personaId !== personaId) await stopActivityRunner();
    if (!activityRunner || activityRunner.personaId !== personaId) {
      const { createAutomation, network: activityNetwork, newRunnerId, ...pacing } = activities;
      const suffix = newRunnerId?.() ?? globalThis.crypto.randomUUID();
      activityRunner = {
        personaId,
        runner: createActivityRunner({
          ...pacing,
          automation: createAutomation({
            current: async () => (await validTokens()).accessToken,
            refresh: async () => (await refreshTokens()).accessToken,
          }),
          network: activityNetwork,
          runnerId: `browser:${personaId}:${suffix}`,
          personaIds: [personaId],
          clock,
          onChange: (state) => events.emit('runnerStateChanged', state),
        }),
      };
    }
    return activityRunner.runner.start();
  };

  const tokenInfo = ({ accessToken, accessTokenExpiresAt }: TokenPair) => ({
    accessToken,
    accessTokenExpiresAt,
  });

  const handlers: Handlers = {
    system: { getVersion: async () => ({ version: options.version }) },
    settings: { getHomeUrl: async () => ({ url: options.homeUrl }) },
    auth: {
      getSignInUrl: (payload) => api.signInUrl(payload),
      signOut: async () => {
        await stopActivityRunner();
        await endImportRun();
        await revoke();
        events.emit('productSignedOut', {});
        return {};
      },
    },
    api: {
      exchangeAuthorizationCode: async (payload) => {
        const { returnTo, ...pair } = await api.exchangeCode(payload);
        await tokens.set(pair);
        await ensureNetworkSession(pair.accessToken);
        // A run left while signed out can be picked up (or, if it was another user's, forgotten) now.
        void importRunner.sync();
        events.emit('productSignedIn', { accessTokenExpiresAt: pair.accessTokenExpiresAt });
        return { returnTo };
      },
      getToken: async () => tokenInfo(await validTokens()),
      refreshToken: async () => tokenInfo(await refreshTokens()),
      revokeToken: async () => {
        await stopActivityRunner();
        await endImportRun();
        await revoke();
        return {};
      },
      getMyProfile: async () => api.getProfile((await validTokens()).accessToken),
    },
    network: {
      getMyProfile: () => network.getMyProfile(),
      getProfile: ({ publicIdentifier }) => network.getProfile(publicIdentifier),
    },
    logging: {
      report: async (entry) => {
        const current = await tokens.get();
        await api.postLog(entry, current?.accessToken);
        return {};
      },
    },
    export: {
      count: (input) => countSearch(network, input),
      countProfileUrls: async ({ text }) => readProfileUrls(text),
      start: async (request) => {
        // Signed out, the run could open no list: say so now rather than as a failed run.
        await validTokens();
        return importRunner.start(request);
      },
      stop: () => importRunner.stop(),
      clear: async () => {
        await importRunner.clear();
        return {};
      },
      // The storage may hold a run another tab drives, or one that ended before this agent started.
      state: async () => {
        await importRunner.sync();
        return importRunner.state();
      },
      href: async () => {
        await importRunner.sync();
        return importRunner.href();
      },
    },
    runner: {
      start: startActivityRunner,
      stop: async () => (activityRunner ? activityRunner.runner.stop() : idleRunnerState),
      state: async () => activityRunner?.runner.state() ?? idleRunnerState,
      checkWorkingHours: async ({ workingHours, timezoneOffset, at }) => {
        const instant = at ? new Date(at) : clock.now();
        const next = nextWorkingInstant(workingHours, timezoneOffset, instant);
        return {
          withinWorkingHours: isWithinWorkingHours(workingHours, timezoneOffset, instant),
          nextWorkingAt: next ? next.toISOString() : null,
        };
      },
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
    importRunner,
    activityRunner: () => activityRunner?.runner,
    stopActivityRunner,
  };
}
