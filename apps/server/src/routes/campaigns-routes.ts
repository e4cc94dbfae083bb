import { campaignsEndpoints } from '@outpilot/contracts';
import { archiveCampaign } from '../campaigns/archive-campaign.ts';
import { cloneCampaign } from '../campaigns/clone-campaign.ts';
import { completeCampaign } from '../campaigns/complete-campaign.ts';
import { createCampaign } from '../campaigns/create-campaign.ts';
import { exportCampaigns } from '../campaigns/export-campaigns.ts';
import { getCampaign } from '../campaigns/get-campaign.ts';
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
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { sendCsvFile } from './csv-download.ts';
import { routesOf } from './register-endpoints.ts';

/** Campaign calls of seed 001 §7, each scoped to the caller's persona (another's campaign: 404). */
export const campaignsRoutes = (deps: AppDeps) =>
  routesOf(campaignsEndpoints, {
    create: ({ auth, body }) => createCampaign(deps, { personaId: auth.personaId, request: body }),
    page: ({ auth, query }) => listCampaigns(deps, { personaId: auth.personaId, query }),
    export: async ({ auth, query, reply }) => {
      const csv = await exportCampaigns(deps, { personaId: auth.personaId, query });
      return sendCsvFile(reply, await exportFileNameOf(deps, auth.personaId), csv);
    },
    get: ({ auth, params }) => getCampaign(deps, { personaId: auth.personaId, campaignId: params.id }),
    rename: ({ auth, params, body }) =>
      renameCampaign(deps, { personaId: auth.personaId, campaignId: params.id, request: body }),
    updateSteps: ({ auth, params, body }) =>
      updateCampaignSteps(deps, { personaId: auth.personaId, campaignId: params.id, request: body }),
    run: ({ auth, params }) => runCampaign(deps, { personaId: auth.personaId, campaignId: params.id }),
    stop: ({ auth, params }) => stopCampaign(deps, { personaId: auth.personaId, campaignId: params.id }),
    complete: ({ auth, params }) =>
      completeCampaign(deps, { personaId: auth.personaId, campaignId: params.id }),
    clone: ({ auth, params }) => cloneCampaign(deps, { personaId: auth.personaId, campaignId: params.id }),
    archive: ({ auth, params }) =>
      archiveCampaign(deps, { personaId: auth.personaId, campaignId: params.id, archived: true }),
    unarchive: ({ auth, params }) =>
      archiveCampaign(deps, { personaId: auth.personaId, campaignId: params.id, archived: false }),
    preview: ({ auth, params }) =>
      previewCampaignStart(deps, { personaId: auth.personaId, campaignId: params.id }),
    addTargetAudience: ({ auth, params, body }) =>
      addTargetAudience(deps, { personaId: auth.personaId, campaignId: params.id, selection: body }),
    previewTargetAudience: ({ auth, params, query }) =>
      previewTargetAudience(deps, { personaId: auth.personaId, campaignId: params.id, selection: query }),
    previewNewCampaignAudience: ({ auth, query }) =>
      previewTargetAudience(deps, { personaId: auth.personaId, selection: query }),
    removeTargetAudience: ({ auth, params, query }) =>
      removeTargetAudience(deps, { personaId: auth.personaId, campaignId: params.id, selection: query }),
  });
