import type { RunnerState } from '@outpilot/contracts';
import { type Clock, isWithinWorkingHours, nextWorkingInstant } from '@outpilot/domain';
import {
  type ActivityRunner,
  type ActivityRunnerOptions,
  createActivityRunner,
} from '../activity-runner/activity-runner.ts';
import { canChangeInbox } from '../activity-runner/perform-inbox-change.ts';
import type { AutomationApi } from '../automation-client.ts';
import type { BridgeEventEmitter } from '../bridge-events.ts';
import { AgentError } from '../errors.ts';
import type { ActivityNetworkClient } from '../network/network-client.ts';
import type { ProductApi } from './product-api.ts';
import { type RunnerClients, runnerClients } from './runner-clients.ts';
import { idleRunnerState } from './runner-state.ts';
import type { TargetHandlers } from './target-handlers.ts';
import type { AccessTokenSource, TokenSession } from './token-session.ts';

/**
 * The campaign activity runner of the runner target (local mode): the automation service, called
 * with the host's access token, and the network it acts on. Without them runner.start is refused.
 */
export type ActivitiesOptions = {
  /** The automation service's client for these tokens; an AutomationClient in production. */
  createAutomation: (accessTokens: AccessTokenSource, clients: RunnerClients) => AutomationApi;
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

export type RunnerTarget = {
  handlers: TargetHandlers<'runner'>;
  activityRunner: () => ActivityRunner | undefined;
  /** Stops the activity runner (the page closes, the user signs out); the activity in hand is reported. */
  stop: () => Promise<void>;
};

/** The runner target: one activity runner for the signed-in persona, and the working-hours check. */
export function runnerTarget(options: {
  activities: ActivitiesOptions | undefined;
  api: Pick<ProductApi, 'getProfile'>;
  session: TokenSession;
  events: BridgeEventEmitter;
  clock: Clock;
}): RunnerTarget {
  const { activities, api, session, events, clock } = options;
  let current: { personaId: string; runner: ActivityRunner } | undefined;

  const stop = async () => {
    if (current) await current.runner.stop();
  };

  const start = async (): Promise<RunnerState> => {
    if (!activities) {
      throw new AgentError('BadRequest', 'This agent runs no campaign activities', { code: 'NO_RUNNER' });
    }
    const { personaId } = await api.getProfile({
      get: session.accessTokens.current,
      refresh: session.accessTokens.refresh,
    });
    // Another persona signed in since: its runner must not act for the previous one.
    if (current && current.personaId !== personaId) await stop();
    if (!current || current.personaId !== personaId) {
      const { createAutomation, network, newRunnerId, ...pacing } = activities;
      const suffix = newRunnerId?.() ?? globalThis.crypto.randomUUID();
      current = {
        personaId,
        runner: createActivityRunner({
          ...pacing,
          automation: createAutomation(session.accessTokens, runnerClients),
          network,
          // The user's own browser also makes the inbox's changes the server queues for it.
          inboxChanges: canChangeInbox(network),
          runnerId: `browser:${personaId}:${suffix}`,
          personaIds: [personaId],
          clock,
          onChange: (state) => events.emit('runnerStateChanged', state),
        }),
      };
    }
    return current.runner.start();
  };

  return {
    activityRunner: () => current?.runner,
    stop,
    handlers: {
      start,
      stop: async () => (current ? current.runner.stop() : idleRunnerState),
      state: async () => current?.runner.state() ?? idleRunnerState,
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
}
