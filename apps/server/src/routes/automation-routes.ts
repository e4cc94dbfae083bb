import {
  automationActivitiesPaths,
  automationHealthResponseSchema,
  automationPaths,
  claimActivitiesRequestSchema,
  claimActivitiesResponseSchema,
  errorBodySchema,
  reportActivitiesRequestSchema,
  reportActivitiesResponseSchema,
  reportActivityRequestSchema,
  reportActivityResponseSchema,
  syncConnectionsRequestSchema,
  syncConversationsRequestSchema,
  syncResponseSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { claimActivities } from '../engine/claim-activities.ts';
import { reportActivities, reportActivity } from '../engine/report-activity.ts';
import { syncConnections } from '../engine/sync-connections.ts';
import { syncConversations } from '../engine/sync-conversations.ts';
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['automation'];
const security = [{ bearer: [] }];
const errors = { 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/**
 * The automation service: runners claim activities, report outcomes and sync what they saw on
 * the network (the runner protocol of @outpilot/contracts activities.ts). A runner acts for the
 * caller's persona only.
 */
export const automationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    automationPaths.health,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'The automation service answers for this workspace',
        security,
        response: { 200: automationHealthResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => ({ ok: true as const, personaId: authOf(request).personaId }),
  );

  app.post(
    automationActivitiesPaths.claim,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'Claim due activities (inside working hours, within the daily limits) for a lease',
        security,
        body: claimActivitiesRequestSchema,
        response: { 200: claimActivitiesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { personaId } = authOf(request);
      const { body } = request;
      const allowed = body.persona_ids === undefined || body.persona_ids.includes(personaId);
      const activities = await claimActivities(deps, {
        personaIds: allowed ? [personaId] : [],
        runnerId: body.runner_id,
        max: body.max,
        leaseSeconds: body.lease_seconds,
      });
      return { activities };
    },
  );

  app.post(
    automationActivitiesPaths.report,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'Report the outcome of a claimed activity (idempotent, fenced by attempt)',
        security,
        params: z.object({ id: z.uuid() }),
        body: reportActivityRequestSchema,
        response: { 200: reportActivityResponseSchema, ...errors },
      },
    },
    (request) =>
      reportActivity(deps, {
        personaId: authOf(request).personaId,
        activityId: request.params.id,
        report: request.body,
      }),
  );

  app.post(
    automationActivitiesPaths.reports,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary:
          'Report the outcomes of several claimed activities in one transaction (each idempotent and fenced as one report)',
        security,
        body: reportActivitiesRequestSchema,
        response: { 200: reportActivitiesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      results: await reportActivities(deps, {
        personaIds: [authOf(request).personaId],
        reports: request.body.reports,
      }),
    }),
  );

  app.post(
    automationActivitiesPaths.syncConnections,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'Report connections seen on the network (accepted invitations)',
        security,
        body: syncConnectionsRequestSchema,
        response: { 200: syncResponseSchema, ...errors },
      },
    },
    (request) => syncConnections(deps, { callerPersonaId: authOf(request).personaId, request: request.body }),
  );

  app.post(
    automationActivitiesPaths.syncConversations,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'Report messages seen on the network (replies stop sequences)',
        security,
        body: syncConversationsRequestSchema,
        response: { 200: syncResponseSchema, ...errors },
      },
    },
    (request) =>
      syncConversations(deps, { callerPersonaId: authOf(request).personaId, request: request.body }),
  );
};
