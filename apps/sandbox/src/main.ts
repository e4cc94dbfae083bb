import { sandboxBasePath } from '@outpilot/contracts';
import { systemClock } from '@outpilot/domain';
import Fastify from 'fastify';
import { z } from 'zod';
import { sandboxPlugin } from './plugin.ts';
import { defaultPopulationSize } from './population/create-population.ts';

/** Runs the sandbox network alone, for experiments: SANDBOX_PORT, SANDBOX_SEED, SANDBOX_SIZE. */
const environment = z
  .object({
    SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
    SANDBOX_HOST: z.string().default('127.0.0.1'),
    SANDBOX_SEED: z.coerce.number().int().default(1),
    SANDBOX_SIZE: z.coerce.number().int().min(2).default(defaultPopulationSize),
  })
  .parse(process.env);

const app = Fastify({ logger: true });
await app.register(sandboxPlugin, {
  prefix: sandboxBasePath,
  seed: environment.SANDBOX_SEED,
  size: environment.SANDBOX_SIZE,
  clock: systemClock,
});
await app.listen({ port: environment.SANDBOX_PORT, host: environment.SANDBOX_HOST });
