import type { Clock } from '@outpilot/domain';
import type { FastifyPluginAsync } from 'fastify';
import { installErrorHandler } from './http/sandbox-error.ts';
import { createPopulation, defaultPopulationSize } from './population/create-population.ts';
import { registerAvatarRoutes } from './routes/avatar-routes.ts';
import { registerLoginPage } from './routes/login-page.ts';
import { registerProfileRoutes } from './routes/profile-routes.ts';
import { registerSessionRoutes } from './routes/session-routes.ts';
import type { SandboxContext } from './sandbox-context.ts';
import { createSessionStore } from './sessions/session-store.ts';

export type SandboxPluginOptions = { seed: number; size: number; clock: Clock };

/**
 * The simulated network as a Fastify plugin; the server registers it with { prefix: '/sandbox' }.
 * It stays encapsulated (no fastify-plugin wrapper) so its error handler and routes never leak
 * into the host's API.
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, options) => {
  const context: SandboxContext = {
    population: createPopulation({ seed: options.seed, size: options.size ?? defaultPopulationSize }),
    sessions: createSessionStore(options.clock),
    clock: options.clock,
    basePath: app.prefix,
  };
  installErrorHandler(app);
  registerSessionRoutes(app, context);
  registerProfileRoutes(app, context);
  registerAvatarRoutes(app, context);
  registerLoginPage(app, context);
};
