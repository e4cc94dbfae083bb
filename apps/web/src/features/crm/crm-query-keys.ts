import type { HubspotPropertyName } from '@outpilot/contracts';

/** Query keys of the CRM settings calls (seed 001 §7). */
export const crmQueryKeys = {
  settings: (campaignId: string) => ['crm', 'settings', campaignId] as const,
  options: (property: HubspotPropertyName) => ['crm', 'options', property] as const,
};
