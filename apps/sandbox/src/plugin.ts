import { sandboxLinkedInPath } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import type { FastifyPluginAsync } from 'fastify';
import { type BehaviourOptions, resolveBehaviourOptions } from './behaviour/behaviour-options.ts';
import { answerOnceStored } from './http/answer-once-stored.ts';
import { installIdempotencyKeys } from './http/idempotency-key.ts';
import { refuseUnstorableText } from './http/refuse-unstorable-text.ts';
import { documentOnly } from './http/route-docs.ts';
import { installErrorHandler } from './http/sandbox-error.ts';
import { registerLinkedInFacade } from './linkedin/linkedin-facade.ts';
import { createJournal, type SandboxStore } from './network-state/journal.ts';
import { createNetworkState } from './network-state/network-state.ts';
import { createPopulation, defaultPopulationSize } from './population/create-population.ts';
import { registerActivityRoutes } from './routes/activity-routes.ts';
import { registerAvatarRoutes } from './routes/avatar-routes.ts';
import { registerEngagementRoutes } from './routes/engagement-routes.ts';
import { registerInvitationRoutes } from './routes/invitation-routes.ts';
import { registerLoginPage } from './routes/login-page.ts';
import { registerMessagingRoutes } from './routes/messaging-routes.ts';
import { registerProfilePage } from './routes/profile-page.ts';
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
  /**
   * Where the network keeps what members did, so a restart forgets nothing (the server gives its
   * database). Without one, it lives in memory for this instance only (unit tests, main.ts).
   */
  store?: SandboxStore;
} & Partial<BehaviourOptions>;

/**
 * The simulated network as a Fastify plugin; the server registers it with { prefix: '/sandbox' }.
 * It stays encapsulated (no fastify-plugin wrapper) so its error handler and routes never leak
 * into the host's API. Its state (invitations, messages…) is read from memory and written to the
 * store before each answer that changed it.
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, options) => {
  const population = createPopulation({ seed: options.seed, size: options.size ?? defaultPopulationSize });
  const faults = createFaultInjector(options.seed, options.faultRate ?? 0);
  const behaviour = resolveBehaviourOptions(options);
  // Another seed or size is another population: its facts are kept apart.
  const networkName = `${options.seed}:${population.people.length}`;
  const facts = (await options.store?.load(networkName)) ?? [];
  const journal = createJournal(options.store, networkName);
  const context: SandboxContext = {
    population,
    sessions: createSessionStore(options.clock, behaviour.sessionTtlMs, journal, facts),
    peopleSearch: createPeopleSearch({ population, basePath: app.prefix, faults }),
    clock: options.clock,
    basePath: app.prefix,
    network: createNetworkState(journal, facts),
    behaviour,
    faults,
    startedAt: options.clock.now(),
  };
  installErrorHandler(app);
  documentOnly(app);
  refuseUnstorableText(app);
  await app.register(async (reads) => {
    answerOnceStored(reads, journal);
    registerSessionRoutes(reads, context);
    registerProfileRoutes(reads, context);
    registerSearchRoutes(reads, context);
    registerAvatarRoutes(reads, context);
    registerLoginPage(reads, context);
    registerProfilePage(reads, context);
  });
  // The member's actions, in a scope of their own so Idempotency-Key handling covers only them.
  await app.register(async (actions) => {
    installIdempotencyKeys(actions, context);
    // After the Idempotency-Key hook, so the answer it keeps is stored with the action's facts.
    answerOnceStored(actions, journal);
    registerInvitationRoutes(actions, context);
    registerMessagingRoutes(actions, context);
    registerEngagementRoutes(actions, context);
    registerActivityRoutes(actions, context);
  });
  // The same network in linkedin.com's dialect, for the real LinkedIn adapter (NETWORK=linkedin).
  await app.register(
    async (facade) => {
      answerOnceStored(facade, journal);
      await registerLinkedInFacade(facade, context);
    },
    { prefix: sandboxLinkedInPath },
  );
};
