import { executionsEndpoints } from '@outpilot/contracts';
import type { FastifyReply } from 'fastify';
import { exportRecentActivities } from '../activities-queue/export-recent-activities.ts';
import { listActivitiesQueue } from '../activities-queue/list-activities-queue.ts';
import { getExecutionsStatistics } from '../campaigns/get-executions-statistics.ts';
import type { AppDeps } from '../deps.ts';
import { changeExecution } from '../executions/complete-execution.ts';
import { deleteExecutions, previewDeleteExecutions } from '../executions/delete-executions.ts';
import { exportExecutions } from '../executions/export-executions.ts';
import { getExecutionStepMessage } from '../executions/get-execution-step-message.ts';
import { listExecutions } from '../executions/list-executions.ts';
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { sendCsvFile } from './csv-download.ts';
import { routesOf } from './register-endpoints.ts';

/** Executions (campaign contacts), the activity queue and the exports of seed 001 §7. */
export const executionsRoutes = (deps: AppDeps) => {
  const sendCsv = async (reply: FastifyReply, personaId: string, file: unknown) =>
    sendCsvFile(reply, await exportFileNameOf(deps, personaId), file);
  return routesOf(executionsEndpoints, {
    statistics: ({ auth, params }) =>
      getExecutionsStatistics(deps, { personaId: auth.personaId, campaignId: params.id }),
    page: ({ auth, query }) => listExecutions(deps, { personaId: auth.personaId, query }),
    complete: ({ auth, params }) =>
      changeExecution(deps, { personaId: auth.personaId, executionId: params.id, action: 'complete' }),
    resume: ({ auth, params }) =>
      changeExecution(deps, { personaId: auth.personaId, executionId: params.id, action: 'resume' }),
    deletePreview: ({ auth, query }) => previewDeleteExecutions(deps, { personaId: auth.personaId, query }),
    delete: ({ auth, query }) => deleteExecutions(deps, { personaId: auth.personaId, query }),
    stepMessage: ({ auth, params }) =>
      getExecutionStepMessage(deps, {
        personaId: auth.personaId,
        executionId: params.id,
        stepNumber: params.stepNumber,
      }),
    export: async ({ auth, query, reply }) =>
      sendCsv(reply, auth.personaId, await exportExecutions(deps, { personaId: auth.personaId, query })),
    activitiesQueue: ({ auth, query }) =>
      listActivitiesQueue(deps, { personaId: auth.personaId, take: query.$take }),
    recentActivitiesExport: async ({ auth, reply }) =>
      sendCsv(reply, auth.personaId, await exportRecentActivities(deps, { personaId: auth.personaId })),
  });
};
