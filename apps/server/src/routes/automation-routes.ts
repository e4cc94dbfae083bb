import { type ActivityReport, automationEndpoints } from '@outpilot/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { claimActivities } from '../engine/claim-activities.ts';
import { reportActivities, reportActivity } from '../engine/report-activity.ts';
import { syncConnections } from '../engine/sync-connections.ts';
import { syncConversations } from '../engine/sync-conversations.ts';
import {
  claimInboxChanges,
  inboxChangeReportsBodyLimit,
  reportInboxChanges,
} from '../messaging/extension-inbox.ts';
import { routesOf } from './register-endpoints.ts';

/**
 * A runner's error reports, logged with what the network said: the product shows only 'System
 * error' once an activity fails, and the error is otherwise kept only in activities.error.
 */
function logErrors(request: FastifyRequest, reports: readonly ActivityReport[]) {
  for (const report of reports) {
    if (report.outcome !== 'error') continue;
    request.log.warn(
      { activityId: report.activity_id, attempt: report.attempt, error: report.error },
      'A runner reported an activity error',
    );
  }
}

/**
 * The automation service: runners claim activities, report outcomes and sync what they saw on
 * the network (the runner protocol of @outpilot/contracts activities.ts). A runner acts for the
 * caller's persona only.
 */
export const automationRoutes = (deps: AppDeps) =>
  routesOf(automationEndpoints, {
    health: ({ auth }) => ({ ok: true as const, personaId: auth.personaId }),
    claim: async ({ auth, body }) => {
      const allowed = body.persona_ids === undefined || body.persona_ids.includes(auth.personaId);
      const activities = await claimActivities(deps, {
        personaIds: allowed ? [auth.personaId] : [],
        runnerId: body.runner_id,
        max: body.max,
        leaseSeconds: body.lease_seconds,
      });
      if (!body.inbox_changes) return { activities };
      // The inbox's changes for this runner to make on the network (local mode on LinkedIn).
      const inboxChanges = await claimInboxChanges(deps, {
        personaIds: allowed ? [auth.personaId] : [],
        runnerId: body.runner_id,
        max: body.max,
      });
      return { activities, inbox_changes: inboxChanges };
    },
    inboxChangeReports: {
      // An attachment's bytes may come with the reports (local mode's inbox files, up to 10 MB).
      bodyLimit: inboxChangeReportsBodyLimit,
      handle: async ({ auth, body, request }) => {
        for (const report of body.reports) {
          if (report.outcome === 'failed')
            request.log.warn(
              { changeId: report.change_id, error: report.error },
              'LinkedIn refused an inbox change',
            );
        }
        return {
          results: await reportInboxChanges(deps, { personaIds: [auth.personaId], reports: body.reports }),
        };
      },
    },
    report: ({ auth, params, body, request }) => {
      logErrors(request, [{ ...body, activity_id: params.id }]);
      return reportActivity(deps, { personaId: auth.personaId, activityId: params.id, report: body });
    },
    reports: async ({ auth, body, request }) => {
      logErrors(request, body.reports);
      return {
        results: await reportActivities(deps, { personaIds: [auth.personaId], reports: body.reports }),
      };
    },
    syncConnections: ({ auth, body }) =>
      syncConnections(deps, { callerPersonaId: auth.personaId, request: body }),
    syncConversations: ({ auth, body }) =>
      syncConversations(deps, { callerPersonaId: auth.personaId, request: body }),
  });
