import type { Clock } from '@outpilot/domain';
import type { FastifyPluginAsync } from 'fastify';
import { installErrorHandler } from './http/sandbox-error.ts';
import { createPopulation, defaultPopulationSize } from './population/create-population.ts';
import { registerAvatarRoutes } from './routes/avatar-routes.ts';
import { registerLoginPage } from './routes/login-page.ts';
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
  clock: Clock;
  /**
   * Share (0–1) of network calls answered with a transient 429 ExceedsLimit RATE_LIMITED, drawn
   * from the seed and the call count so a test sees the same faults every run. Default 0.
   */
  faultRate?: number;
};

/**
 * The simulated network as a Fastify plugin; the server registers it with { prefix: '/sandbox' }.
 * It stays encapsulated (no fastify-plugin wrapper) so its error handler and routes never leak
 * into the host's API.
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, options) => {
  const population = createPopulation({ seed: options.seed, size: options.size ?? defaultPopulationSize });
  const faults = createFaultInjector(options.seed, options.faultRate ?? 0);
  const context: SandboxContext = {
    population,
    sessions: createSessionStore(options.clock),
    peopleSearch: createPeopleSearch({ population, basePath: app.prefix, faults }),
    clock: options.clock,
    basePath: app.prefix,
  };
  installErrorHandler(app);
  registerSessionRoutes(app, context);
  registerProfileRoutes(app, context);
  registerSearchRoutes(app, context);
  registerAvatarRoutes(app, context);
  registerLoginPage(app, context);
};
