import { publicIdentifierSchema } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getProfile } from '../actions/get-profile.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const profileParamsSchema = z.object({ publicIdentifier: publicIdentifierSchema });

export function registerProfileRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/api/profiles/:publicIdentifier', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    // Look-ups are throttled like any call (network-api.md §4): an import of pasted links meets it.
    context.faults.maybeFail('profiles.get');
    // Invisible members ("LinkedIn Member") cannot be looked up by anyone but themselves.
    return getProfile(context, member, publicIdentifier);
  });
}
