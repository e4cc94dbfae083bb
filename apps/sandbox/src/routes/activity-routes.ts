import { sandboxActionPaths } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { getActivity } from '../actions/get-activity.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

export function registerActivityRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get(sandboxActionPaths.activity, async (request) => {
    const { member } = requireSignedIn(context, request);
    return getActivity(context, member);
  });
}
