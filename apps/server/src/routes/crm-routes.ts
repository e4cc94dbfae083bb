import { crmEndpoints } from '@outpilot/contracts';
import type { AuthContext } from '../auth/authenticate.ts';
import { assertOnCrmBetaList } from '../crm/crm-beta.ts';
import { getHubspotSettings, updateHubspotSettings } from '../crm/hubspot-settings.ts';
import type { AppDeps } from '../deps.ts';
import { routesOf } from './register-endpoints.ts';

/** The CRM settings calls of seed 001 §7, for the beta list only (403 for everyone else). */
export const crmRoutes = (deps: AppDeps) => {
  const betaMember = (auth: AuthContext) => {
    assertOnCrmBetaList(deps.config, { personaId: auth.personaId, teamId: null });
    return auth.personaId;
  };
  return routesOf(crmEndpoints, {
    hubspotSettings: ({ auth, params }) =>
      getHubspotSettings(deps, { personaId: betaMember(auth), campaignId: params.id }),
    updateHubspotSettings: ({ auth, params, body }) =>
      updateHubspotSettings(deps, { personaId: betaMember(auth), campaignId: params.id, request: body }),
    hubspotPropertyOptions: async ({ auth, params }) => {
      betaMember(auth);
      return { options: await deps.hubspot.propertyOptions(params.property) };
    },
  });
};
