import {
  addTargetAudienceRequestSchema,
  audienceChangeResponseSchema,
  audiencePreviewSchema,
  campaignIdParamsSchema,
  campaignResponseSchema,
  campaignsExportQuerySchema,
  campaignsPageQuerySchema,
  campaignsPageResponseSchema,
  campaignsPaths,
  createCampaignRequestSchema,
  csvMediaType,
  errorBodySchema,
  executionsStatisticsResponseSchema,
  removeTargetAudienceQuerySchema,
  renameCampaignRequestSchema,
  startPreviewSchema,
  targetAudiencePreviewQuerySchema,
  updateStepsRequestSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archiveCampaign } from '../campaigns/archive-campaign.ts';
import { cloneCampaign } from '../campaigns/clone-campaign.ts';
import { completeCampaign } from '../campaigns/complete-campaign.ts';
import { createCampaign } from '../campaigns/create-campaign.ts';
import { exportCampaigns } from '../campaigns/export-campaigns.ts';
import { getCampaign } from '../campaigns/get-campaign.ts';
import { getExecutionsStatistics } from '../campaigns/get-executions-statistics.ts';
import { listCampaigns } from '../campaigns/list-campaigns.ts';
import { previewCampaignStart } from '../campaigns/preview-campaign-start.ts';
import { renameCampaign } from '../campaigns/rename-campaign.ts';
import { runCampaign } from '../campaigns/run-campaign.ts';
import { stopCampaign } from '../campaigns/stop-campaign.ts';
import {
  addTargetAudience,
  previewTargetAudience,
  removeTargetAudience,
} from '../campaigns/target-audience.ts';
import { updateCampaignSteps } from '../campaigns/update-campaign-steps.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { attachment, csvFileResponse } from './csv-download.ts';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const errors = { 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
const campaignAnswer = { 200: campaignResponseSchema, ...errors };

/** Campaign calls of seed 001 §7, each scoped to the caller's persona (another's campaign: 404). */
export const campaignsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const personaOf = (request: Parameters<typeof authOf>[0]) => authOf(request).personaId;

  app.post(
    campaignsPaths.create,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Create a draft campaign',
        body: createCampaignRequestSchema,
        response: campaignAnswer,
      },
    },
    (request) => createCampaign(deps, { personaId: personaOf(request), request: request.body }),
  );

  app.get(
    campaignsPaths.page,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'One page of campaigns (archived=true for the archive); default created desc',
        querystring: campaignsPageQuerySchema,
        response: { 200: campaignsPageResponseSchema, ...errors },
      },
    },
    (request) => listCampaigns(deps, { personaId: personaOf(request), query: request.query }),
  );

  app.get(
    campaignsPaths.campaignsExport,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The campaign list as CSV',
        querystring: campaignsExportQuerySchema,
        response: { 200: csvFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportCampaigns(deps, { personaId: personaOf(request), query: request.query });
      return reply
        .type(csvMediaType)
        .header('content-disposition', attachment(await exportFileNameOf(deps, personaOf(request))))
        .send(csv);
    },
  );

  app.get(
    campaignsPaths.get,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'One campaign',
        params: campaignIdParamsSchema,
        response: campaignAnswer,
      },
    },
    (request) => getCampaign(deps, { personaId: personaOf(request), campaignId: request.params.id }),
  );

  app.put(
    campaignsPaths.rename,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Rename (max 50 characters)',
        params: campaignIdParamsSchema,
        body: renameCampaignRequestSchema,
        response: campaignAnswer,
      },
    },
    (request) =>
      renameCampaign(deps, {
        personaId: personaOf(request),
        campaignId: request.params.id,
        request: request.body,
      }),
  );

  app.put(
    campaignsPaths.updateSteps,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Save the steps (validated; limited once started)',
        params: campaignIdParamsSchema,
        body: updateStepsRequestSchema,
        response: campaignAnswer,
      },
    },
    (request) =>
      updateCampaignSteps(deps, {
        personaId: personaOf(request),
        campaignId: request.params.id,
        request: request.body,
      }),
  );

  const lifecycle = [
    [campaignsPaths.run, 'Launch (Compose) or resume (Stopped)', runCampaign],
    [campaignsPaths.stop, 'Pause a running campaign', stopCampaign],
    [campaignsPaths.complete, 'Complete: contacts still going are cancelled', completeCampaign],
    [campaignsPaths.clone, 'A new draft with the same steps (answers the new campaign)', cloneCampaign],
    [
      campaignsPaths.archive,
      'Archive (not while running)',
      (d: AppDeps, input: { personaId: string; campaignId: string }) =>
        archiveCampaign(d, { ...input, archived: true }),
    ],
    [
      campaignsPaths.unarchive,
      'Restore from the archive',
      (d: AppDeps, input: { personaId: string; campaignId: string }) =>
        archiveCampaign(d, { ...input, archived: false }),
    ],
  ] as const;
  for (const [path, summary, action] of lifecycle) {
    app.put(
      path,
      {
        preHandler: app.requireAuth,
        schema: { tags, security, summary, params: campaignIdParamsSchema, response: campaignAnswer },
      },
      (request) => action(deps, { personaId: personaOf(request), campaignId: request.params.id }),
    );
  }

  app.get(
    campaignsPaths.preview,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Start preview: contacts run would exclude (by rule) and the valid count',
        params: campaignIdParamsSchema,
        response: { 200: startPreviewSchema, ...errors },
      },
    },
    (request) => previewCampaignStart(deps, { personaId: personaOf(request), campaignId: request.params.id }),
  );

  app.get(
    campaignsPaths.executionsStatistics,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Executions by state, in total and per step',
        params: campaignIdParamsSchema,
        response: { 200: executionsStatisticsResponseSchema, ...errors },
      },
    },
    (request) =>
      getExecutionsStatistics(deps, { personaId: personaOf(request), campaignId: request.params.id }),
  );

  app.put(
    campaignsPaths.targetAudience,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Add contacts (a filter or search over the contacts; none: all)',
        params: campaignIdParamsSchema,
        body: addTargetAudienceRequestSchema,
        response: { 200: audienceChangeResponseSchema, ...errors },
      },
    },
    (request) =>
      addTargetAudience(deps, {
        personaId: personaOf(request),
        campaignId: request.params.id,
        selection: request.body,
      }),
  );

  app.get(
    campaignsPaths.targetAudiencePreview,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'How many of the selected contacts would be added',
        params: campaignIdParamsSchema,
        querystring: targetAudiencePreviewQuerySchema,
        response: { 200: audiencePreviewSchema, ...errors },
      },
    },
    (request) =>
      previewTargetAudience(deps, {
        personaId: personaOf(request),
        campaignId: request.params.id,
        selection: request.query,
      }),
  );

  app.get(
    campaignsPaths.newCampaignAudiencePreview,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'How many of the selected contacts a campaign created with them would hold',
        querystring: targetAudiencePreviewQuerySchema,
        response: { 200: audiencePreviewSchema, ...errors },
      },
    },
    (request) => previewTargetAudience(deps, { personaId: personaOf(request), selection: request.query }),
  );

  app.delete(
    campaignsPaths.targetAudience,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Remove contacts not yet launched (query: filter, searchQuery, or all=true)',
        params: campaignIdParamsSchema,
        querystring: removeTargetAudienceQuerySchema,
        response: { 200: audienceChangeResponseSchema, ...errors },
      },
    },
    (request) =>
      removeTargetAudience(deps, {
        personaId: personaOf(request),
        campaignId: request.params.id,
        selection: request.query,
      }),
  );
};
