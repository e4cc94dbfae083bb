import {
  campaignIdParamsSchema,
  crmPaths,
  errorBodySchema,
  hubspotPropertyOptionsResponseSchema,
  hubspotPropertyParamsSchema,
  hubspotSettingsSchema,
} from '@outpilot/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOnCrmBetaList } from '../crm/crm-beta.ts';
import { getHubspotSettings, updateHubspotSettings } from '../crm/hubspot-settings.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['crm'];
const security = [{ bearer: [] }];
const errors = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};

/** The CRM settings calls of seed 001 §7, for the beta list only (403 for everyone else). */
export const crmRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const betaMember = async (request: FastifyRequest) => {
    await app.requireAuth(request);
    assertOnCrmBetaList(deps.config, { personaId: authOf(request).personaId, teamId: null });
  };

  app.get(
    crmPaths.campaignHubspotSettings,
    {
      preHandler: betaMember,
      schema: {
        tags,
        security,
        summary: "A campaign's HubSpot static fields",
        params: campaignIdParamsSchema,
        response: { 200: hubspotSettingsSchema, ...errors },
      },
    },
    (request) =>
      getHubspotSettings(deps, { personaId: authOf(request).personaId, campaignId: request.params.id }),
  );

  app.put(
    crmPaths.campaignHubspotSettings,
    {
      preHandler: betaMember,
      schema: {
        tags,
        security,
        summary: "Replace a campaign's HubSpot static fields (values checked against the portal's options)",
        params: campaignIdParamsSchema,
        body: hubspotSettingsSchema,
        response: { 200: hubspotSettingsSchema, ...errors },
      },
    },
    (request) =>
      updateHubspotSettings(deps, {
        personaId: authOf(request).personaId,
        campaignId: request.params.id,
        request: request.body,
      }),
  );

  app.get(
    crmPaths.hubspotPropertyOptions,
    {
      preHandler: betaMember,
      schema: {
        tags,
        security,
        summary: "A HubSpot contact property's visible options (lead_source, contact_sub_source)",
        params: hubspotPropertyParamsSchema,
        response: { 200: hubspotPropertyOptionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ options: await deps.hubspot.propertyOptions(request.params.property) }),
  );
};
