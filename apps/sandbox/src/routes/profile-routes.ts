import { publicIdentifierSchema } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { memberNotFound } from '../http/sandbox-error.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const profileParamsSchema = z.object({ publicIdentifier: publicIdentifierSchema });

export function registerProfileRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/api/profiles/:publicIdentifier', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    const person = context.population.findByPublicIdentifier(publicIdentifier);
    // Invisible members ("LinkedIn Member") cannot be looked up by anyone but themselves.
    if (!person || (!person.isVisible && person.index !== member.index)) throw memberNotFound();
    const degree = context.population.graph.degreesFrom(member.index)[person.index] ?? 'OUT_OF_NETWORK';
    return toNetworkProfile(person, degree, context.basePath);
  });
}
