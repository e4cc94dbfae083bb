import { publicIdentifierSchema, sandboxProfileSchema } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getProfile } from '../actions/get-profile.ts';
import { readInput } from '../http/read-input.ts';
import { drawsFaults, routeDocs, signedIn } from '../http/route-docs.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const profileParamsSchema = z.object({ publicIdentifier: publicIdentifierSchema });

export function registerProfileRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get(
    '/api/profiles/:publicIdentifier',
    routeDocs({
      summary: 'A profile as the member sees it, with the degree and relationship',
      params: profileParamsSchema,
      answers: { 200: { description: 'The profile', schema: sandboxProfileSchema } },
      refusals: [...signedIn, ...drawsFaults, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { publicIdentifier } = readInput(request, 'params', profileParamsSchema);
      // Look-ups are throttled like any call (network-api.md §4): an import of pasted links meets it.
      context.faults.maybeFail('profiles.get');
      // Invisible members ("LinkedIn Member") cannot be looked up by anyone but themselves.
      return getProfile(context, member, publicIdentifier);
    },
  );
}
