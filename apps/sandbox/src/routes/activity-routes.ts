import { sandboxActionPaths, sandboxActivitySchema } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { getActivity } from '../actions/get-activity.ts';
import { routeDocs, signedIn } from '../http/route-docs.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

export function registerActivityRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get(
    sandboxActionPaths.activity,
    routeDocs({
      summary: 'What the network recorded for the member, as counts and lists',
      answers: { 200: { description: 'The activity', schema: sandboxActivitySchema } },
      refusals: signedIn,
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      return getActivity(context, member);
    },
  );
}
