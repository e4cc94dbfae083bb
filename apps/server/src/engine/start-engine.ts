import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import {
  type CloudLinkedInNetworks,
  createCloudLinkedInNetworks,
} from '../network-account/cloud-linkedin-network.ts';
import { type ActivityWakeups, listenForActivityWakeups } from './activity-wakeups.ts';
import { applyTimeouts } from './apply-timeouts.ts';
import { type CloudRunner, createCloudRunner } from './cloud-runner.ts';
import { expireLeases } from './expire-leases.ts';
import { topUpCampaignQueues } from './top-up-campaign-queues.ts';

export type EngineBackgroundOptions = {
  leaseSweepMs?: number;
  timeoutsSweepMs?: number;
  queueTopUpSweepMs?: number;
  /**
   * Run the cloud runner for personas in automation mode 'cloud' (default on): over the sandbox,
   * or with NETWORK=linkedin over the sessions handed over, through the proxies of their countries.
   */
  cloudRunner?: boolean;
  /** NETWORK=linkedin: the cloud's LinkedIn clients, shared with the inbox (default: its own). */
  cloudLinkedIn?: CloudLinkedInNetworks;
};

/**
 * Starts the engine's background systems with the server: the lease expiry, timeouts and queue
 * top-up sweeps (real-time intervals; what they compare is business time from the injected clock) and the cloud
 * runner, woken by the database's notifications that activities were planned (activity-wakeups.ts). On close (preClose, while the server still answers) they stop: a sweep in progress
 * finishes, the cloud runner finishes the activity in hand and gives back unstarted claims.
 */
export function registerEngineBackground(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  options: EngineBackgroundOptions = {},
): void {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let closed = false;
  let cloud: CloudRunner | undefined;
  let wakeups: ActivityWakeups | undefined;

  const every = (ms: number, name: string, task: () => Promise<unknown>) => {
    const tick = () => {
      if (closed) return;
      const run = task()
        .catch((error) => app.log.error({ err: error }, `engine ${name} failed`))
        .finally(() => running.delete(run));
      running.add(run);
    };
    timers.push(setInterval(tick, ms).unref());
  };

  app.addHook('onReady', async () => {
    every(options.leaseSweepMs ?? 15_000, 'lease expiry', () => expireLeases(deps));
    every(options.timeoutsSweepMs ?? 60_000, 'timeouts', () => applyTimeouts(deps));
    every(options.queueTopUpSweepMs ?? 60_000, 'queue top-up', () => topUpCampaignQueues(deps));
    if (options.cloudRunner ?? true) {
      const onError = (error: unknown) => app.log.error({ err: error }, 'cloud runner failed');
      // Without the notifications the runner still claims: at its poll interval.
      wakeups = await listenForActivityWakeups({
        db: deps.db,
        databaseUrl: deps.config.databaseUrl,
        onError,
      }).catch((error) => {
        onError(error);
        return undefined;
      });
      cloud = createCloudRunner({
        deps: { db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl },
        ...(deps.config.network === 'linkedin'
          ? { network: options.cloudLinkedIn ?? createCloudLinkedInNetworks(deps) }
          : {}),
        onError,
        ...(wakeups ? { wakeups } : {}),
      });
      // The runner's first calls go to our own /sandbox: start once the server listens.
      app.server.once('listening', () => {
        if (!closed) cloud?.start().catch((error) => app.log.error({ err: error }, 'cloud runner failed'));
      });
    }
  });

  app.addHook('preClose', async () => {
    closed = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
    await cloud?.stop().catch((error) => app.log.error({ err: error }, 'cloud runner stop failed'));
    await wakeups?.close();
  });
}
