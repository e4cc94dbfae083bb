import { z } from 'zod';
import { campaignIdParamsSchema } from './campaigns.ts';
import { defineEndpoint } from './endpoint.ts';

/** CRM settings calls of seed 001 §7: a campaign's HubSpot static fields and the portal's options. */
export const crmPaths = {
  /** GET answers the campaign's settings; PUT replaces them. */
  campaignHubspotSettings: '/campaigns/:id/settings/hubspot',
  hubspotPropertyOptions: '/integrations/hubspot/contacts/properties/:property/options',
} as const;

/**
 * The HubSpot contact properties a campaign can set on the contacts it syncs: Source
 * (lead_source, several values) and Sub Source (contact_sub_source, one value).
 */
export const hubspotPropertyNames = ['lead_source', 'contact_sub_source'] as const;
export type HubspotPropertyName = (typeof hubspotPropertyNames)[number];
export const hubspotPropertyNameSchema = z.enum(hubspotPropertyNames, {
  error: `The property must be one of ${hubspotPropertyNames.join(', ')}`,
});

/** How many values each property takes, and its label in the app. */
export const hubspotPropertyRules: Record<HubspotPropertyName, { label: string; maxValues: number }> = {
  lead_source: { label: 'Source', maxValues: 50 },
  contact_sub_source: { label: 'Sub Source', maxValues: 1 },
};

export const hubspotPropertyParamsSchema = z.object({ property: hubspotPropertyNameSchema });

export const crmOptionSchema = z.object({ label: z.string(), value: z.string() });
export type CrmOption = z.infer<typeof crmOptionSchema>;
export const hubspotPropertyOptionsResponseSchema = z.object({ options: z.array(crmOptionSchema) });
export type HubspotPropertyOptionsResponse = z.infer<typeof hubspotPropertyOptionsResponseSchema>;

/** HubSpot's own bound on an option's internal value. */
const maxOptionValueLength = 255;

export const staticFieldSchema = z.object({
  key: hubspotPropertyNameSchema,
  values: z
    .array(z.string().trim().min(1).max(maxOptionValueLength))
    .max(hubspotPropertyRules.lead_source.maxValues),
});
export type StaticField = z.infer<typeof staticFieldSchema>;

export const hubspotSettingsSchema = z.object({
  static_fields: z.array(staticFieldSchema).max(hubspotPropertyNames.length * 2),
});
export type HubspotSettings = z.infer<typeof hubspotSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 001 §7), for the CRM beta list only (NotAuthorized for everyone else)

const crmCall = {
  service: 'api',
  access: 'user',
  tags: ['crm'],
  errors: ['NotFound', 'UnprocessableEntity', 'TooManyRequests', 'BadGateway'],
} as const;

export const crmEndpoints = {
  hubspotSettings: defineEndpoint({
    ...crmCall,
    method: 'GET',
    path: crmPaths.campaignHubspotSettings,
    summary: "A campaign's HubSpot static fields",
    params: campaignIdParamsSchema,
    answers: { 200: hubspotSettingsSchema },
  }),
  updateHubspotSettings: defineEndpoint({
    ...crmCall,
    method: 'PUT',
    path: crmPaths.campaignHubspotSettings,
    summary: "Replace a campaign's HubSpot static fields (values checked against the portal's options)",
    params: campaignIdParamsSchema,
    body: hubspotSettingsSchema,
    answers: { 200: hubspotSettingsSchema },
  }),
  hubspotPropertyOptions: defineEndpoint({
    ...crmCall,
    method: 'GET',
    path: crmPaths.hubspotPropertyOptions,
    summary: "A HubSpot contact property's visible options (lead_source, contact_sub_source)",
    params: hubspotPropertyParamsSchema,
    answers: { 200: hubspotPropertyOptionsResponseSchema },
  }),
};
