import {
  automationModeResponseSchema,
  dailyLimitsResponseSchema,
  errorBodySchema,
  periodStatisticsQuerySchema,
  periodStatisticsResponseSchema,
  updateDailyLimitsRequestSchema,
  updateTimezoneOffsetRequestSchema,
  updateWorkingHoursRequestSchema,
  workingHoursResponseSchema,
  workspacePaths,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';
import { getAutomationMode } from '../workspace/get-automation-mode.ts';
import { getDailyLimits } from '../workspace/get-daily-limits.ts';
import { getPeriodStatistics } from '../workspace/get-period-statistics.ts';
import { getWorkingHours } from '../workspace/get-working-hours.ts';
import { updateDailyLimits } from '../workspace/update-daily-limits.ts';
import { updateTimezoneOffset } from '../workspace/update-timezone-offset.ts';
import { updateWorkingHours } from '../workspace/update-working-hours.ts';

const tags = ['workspace'];
const security = [{ bearer: [] }];

/** Workspace settings of seed 000 §7, each scoped to the caller's persona. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.put(
    workspacePaths.timezoneOffset,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Set the workspace timezone (minutes east of UTC, from the option list)',
        body: updateTimezoneOffsetRequestSchema,
        response: { 200: updateTimezoneOffsetRequestSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => updateTimezoneOffset(deps, { personaId: authOf(request).personaId, request: request.body }),
  );

  app.get(
    workspacePaths.workingHours,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The working hours (the defaults, Mon-Fri 09:00-19:00, until set)',
        response: { 200: workingHoursResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => getWorkingHours(deps, { personaId: authOf(request).personaId }),
  );

  app.put(
    workspacePaths.workingHours,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Set the working hours per weekday',
        body: updateWorkingHoursRequestSchema,
        response: { 200: workingHoursResponseSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) =>
      updateWorkingHours(deps, { personaId: authOf(request).personaId, workingHours: request.body }),
  );

  app.get(
    workspacePaths.dailyLimits,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The four per-day limits',
        response: { 200: dailyLimitsResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => getDailyLimits(deps, { personaId: authOf(request).personaId }),
  );

  app.put(
    workspacePaths.dailyLimits,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Set the four per-day limits (steps of 5 within each range)',
        body: updateDailyLimitsRequestSchema,
        response: { 200: dailyLimitsResponseSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => updateDailyLimits(deps, { personaId: authOf(request).personaId, limits: request.body }),
  );

  app.get(
    workspacePaths.automationMode,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Where automation runs (locally for now) and from which address',
        response: { 200: automationModeResponseSchema, 403: errorBodySchema },
      },
    },
    (request) =>
      getAutomationMode(deps, { personaId: authOf(request).personaId, clientIp: request.ip || null }),
  );

  app.get(
    workspacePaths.periodStatistics,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'What was performed in [start, end), with the limits over that range',
        querystring: periodStatisticsQuerySchema,
        response: { 200: periodStatisticsResponseSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => getPeriodStatistics(deps, { personaId: authOf(request).personaId, range: request.query }),
  );
};
