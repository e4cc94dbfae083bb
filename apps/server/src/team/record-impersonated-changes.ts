import { routePathOf, teamEndpoints } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { impersonationSessions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { recordTeamChange } from './record-team-change.ts';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stopping is logged as impersonation_stopped by its use case. */
const stopPath = routePathOf(teamEndpoints.stopImpersonation);

/**
 * Every change made with a member-session token (any call but a read) goes into the team's audit
 * log: who acted, as whom, which call and how it answered.
 */
export function recordImpersonatedChanges(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.actor || readOnlyMethods.has(request.method) || request.routeOptions.url === stopPath) return;
    try {
      const [session] = await deps.db
        .select({ teamId: impersonationSessions.teamId })
        .from(impersonationSessions)
        .where(eq(impersonationSessions.id, auth.sessionId));
      if (!session) return;
      await recordTeamChange(deps, {
        teamId: session.teamId,
        actorPersonaId: auth.actor.personaId,
        actingAsPersonaId: auth.personaId,
        action: 'member_workspace_changed',
        details: {
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          status: reply.statusCode,
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'team audit: recording a member-session change failed');
    }
  });
}
