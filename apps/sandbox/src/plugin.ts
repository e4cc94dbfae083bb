import type { Clock } from '@outpilot/domain';
import type { FastifyPluginAsync } from 'fastify';
import { type BehaviourOptions, resolveBehaviourOptions } from './behaviour/behaviour-options.ts';
import { installIdempotencyKeys } from './http/idempotency-key.ts';
import { installErrorHandler } from './http/sandbox-error.ts';
import { createNetworkState } from './network-state/network-state.ts';
import { createPopulation, defaultPopulationSize } from './population/create-population.ts';
import { registerActivityRoutes } from './routes/activity-routes.ts';
import { registerAvatarRoutes } from './routes/avatar-routes.ts';
import { registerEngagementRoutes } from './routes/engagement-routes.ts';
import { registerInvitationRoutes } from './routes/invitation-routes.ts';
import { registerLoginPage } from './routes/login-page.ts';
import { registerMessagingRoutes } from './routes/messaging-routes.ts';
import { registerProfileRoutes } from './routes/profile-routes.ts';
import { registerSearchRoutes } from './routes/search-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import type { SandboxContext } from './sandbox-context.ts';
import { createFaultInjector } from './search/fault-injector.ts';
import { createPeopleSearch } from './search/search-people.ts';
import { createSessionStore } from './sessions/session-store.ts';

export type SandboxPluginOptions = {
  seed: number;
  size: number;
  /** The only source of time: acceptances, replies, caps and session expiry all follow it. */
  clock: Clock;
  /**
   * Share (0–1) of searches, profile look-ups and mutating calls answered with a transient fault, drawn from the seed
   * and the call count so a test sees the same faults every run: two in three a 429 ExceedsLimit
   * RATE_LIMITED with Retry-After, the rest a 502 BadGateway. Default 0.
   */
  faultRate?: number;
} & Partial<BehaviourOptions>;

/**
 * The simulated network as a Fastify plugin; the server registers it with { prefix: '/sandbox' }.
 * It stays encapsulated (no fastify-plugin wrapper) so its error handler and routes never leak
 * into the host's API. Its state (invitations, messages…) lives in memory per instance.
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, options) => {
  const population = createPopulation({ seed: options.seed, size: options.size ?? defaultPopulationSize });
  const faults = createFaultInjector(options.seed, options.faultRate ?? 0);
  const behaviour = resolveBehaviourOptions(options);
  const context: SandboxContext = {
    population,
    sessions: createSessionStore(options.clock, behaviour.sessionTtlMs),
    peopleSearch: createPeopleSearch({ population, basePath: app.prefix, faults }),
    clock: options.clock,
    basePath: app.prefix,
    network: createNetworkState(),
    behaviour,
    faults,
    startedAt: options.clock.now(),
  };
  installErrorHandler(app);
  registerSessionRoutes(app, context);
  registerProfileRoutes(app, context);
  registerSearchRoutes(app, context);
  registerAvatarRoutes(app, context);
  registerLoginPage(app, context);
  // The member's actions, in a scope of their own so Idempotency-Key handling covers only them.
  await app.register(async (actions) => {
    installIdempotencyKeys(actions, context);
    registerInvitationRoutes(actions, context);
    registerMessagingRoutes(actions, context);
    registerEngagementRoutes(actions, context);
    registerActivityRoutes(actions, context);
  });
};
