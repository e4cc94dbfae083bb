import {
  activitiesQueueQuerySchema,
  activitiesQueueResponseSchema,
  campaignsPaths,
  csvMediaType,
  errorBodySchema,
  executionIdParamsSchema,
  executionSchema,
  executionStepMessageResponseSchema,
  executionStepParamsSchema,
  executionsDeletePreviewSchema,
  executionsDeleteQuerySchema,
  executionsDeleteResponseSchema,
  executionsExportQuerySchema,
  executionsPageQuerySchema,
  executionsPageResponseSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRecentActivities } from '../activities-queue/export-recent-activities.ts';
import { listActivitiesQueue } from '../activities-queue/list-activities-queue.ts';
import type { AppDeps } from '../deps.ts';
import { changeExecution } from '../executions/complete-execution.ts';
import { deleteExecutions, previewDeleteExecutions } from '../executions/delete-executions.ts';
import { exportExecutions } from '../executions/export-executions.ts';
import { getExecutionStepMessage } from '../executions/get-execution-step-message.ts';
import { listExecutions } from '../executions/list-executions.ts';
import { authOf } from '../plugins/auth-guard.ts';
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { attachment, csvFileResponse } from './csv-download.ts';

const tags = ['executions'];
const security = [{ bearer: [] }];
const errors = { 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/** Executions (campaign contacts), the activity queue and the exports of seed 001 §7. */
export const executionsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const personaOf = (request: Parameters<typeof authOf>[0]) => authOf(request).personaId;

  app.get(
    campaignsPaths.executionsPage,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'One page of executions (campaign_id narrows); default created asc',
        querystring: executionsPageQuerySchema,
        response: { 200: executionsPageResponseSchema, ...errors },
      },
    },
    (request) => listExecutions(deps, { personaId: personaOf(request), query: request.query }),
  );

  for (const [path, action, summary] of [
    [campaignsPaths.executionComplete, 'complete', 'Cancel the conversation (queued activities removed)'],
    [campaignsPaths.executionResume, 'resume', 'Resume a cancelled or failed conversation'],
  ] as const) {
    app.put(
      path,
      {
        preHandler: app.requireAuth,
        schema: {
          tags,
          security,
          summary,
          params: executionIdParamsSchema,
          response: { 200: executionSchema, ...errors },
        },
      },
      (request) =>
        changeExecution(deps, { personaId: personaOf(request), executionId: request.params.id, action }),
    );
  }

  app.get(
    campaignsPaths.executionsDeletePreview,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'How many of the selected contacts can be excluded',
        querystring: executionsDeleteQuerySchema,
        response: { 200: executionsDeletePreviewSchema, ...errors },
      },
    },
    (request) => previewDeleteExecutions(deps, { personaId: personaOf(request), query: request.query }),
  );

  app.delete(
    campaignsPaths.executionsDelete,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Exclude the selected contacts from their campaigns',
        querystring: executionsDeleteQuerySchema,
        response: { 200: executionsDeleteResponseSchema, ...errors },
      },
    },
    (request) => deleteExecutions(deps, { personaId: personaOf(request), query: request.query }),
  );

  app.get(
    campaignsPaths.executionStepMessage,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "A step's note or message rendered for the contact",
        params: executionStepParamsSchema,
        response: { 200: executionStepMessageResponseSchema, ...errors },
      },
    },
    (request) =>
      getExecutionStepMessage(deps, {
        personaId: personaOf(request),
        executionId: request.params.id,
        stepNumber: request.params.stepNumber,
      }),
  );

  app.get(
    campaignsPaths.executionsExport,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Executions as a CSV file (streamed; every selected row)',
        querystring: executionsExportQuerySchema,
        response: { 200: csvFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportExecutions(deps, { personaId: personaOf(request), query: request.query });
      return reply
        .type(csvMediaType)
        .header('content-disposition', attachment(await exportFileNameOf(deps, personaOf(request))))
        .send(file);
    },
  );

  app.get(
    campaignsPaths.activitiesQueue,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['activities-queue'],
        security,
        summary: 'Pending activities with minutes until they run (planned now)',
        querystring: activitiesQueueQuerySchema,
        response: { 200: activitiesQueueResponseSchema, ...errors },
      },
    },
    (request) => listActivitiesQueue(deps, { personaId: personaOf(request), take: request.query.$take }),
  );

  app.get(
    campaignsPaths.recentActivitiesExport,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['activities-queue'],
        security,
        summary: 'The interaction log of the last 30 days as CSV (Pro)',
        response: { 200: csvFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportRecentActivities(deps, { personaId: personaOf(request) });
      return reply
        .type(csvMediaType)
        .header('content-disposition', attachment(await exportFileNameOf(deps, personaOf(request))))
        .send(file);
    },
  );
};
