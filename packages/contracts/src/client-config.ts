import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { apiPaths } from './paths.ts';

/**
 * Public configuration the web app reads before anything else (GET /api/v1/client-config).
 * It tells the app whether the server runs the sandbox network, in which case the in-page
 * agent may stand in for the extension.
 */
export const clientConfigSchema = z.object({
  version: z.string(),
  network: z.enum(['sandbox', 'linkedin']),
  inPageAgentEnabled: z.boolean(),
  apiBaseUrl: z.string(),
  automationBaseUrl: z.string(),
  sandboxBaseUrl: z.string().nullable(),
  extensionStoreUrl: z.string(),
  /** The oldest extension version the app works with; an older one is told to update (OldExtension). */
  minimumExtensionVersion: z.string().regex(/^\d+(\.\d+)*$/),
  supportEmail: z.string(),
  helpCenterUrl: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  /**
   * Who sees the CRM settings of a campaign (seed 001 §2): 'any', or the team and persona ids on
   * the beta list (the server refuses everyone else's CRM calls too).
   */
  crmBetaList: z.union([z.literal('any'), z.array(z.string())]),
  /**
   * How often the agent (in-page or extension) syncs connections and conversations, when the
   * server sets it (AGENT_SYNC_INTERVAL_MS: the browser journeys' servers); absent, the agent's
   * own default (once a minute).
   */
  agentSyncIntervalMs: z.number().int().min(1_000).max(3_600_000).optional(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientConfigEndpoints = {
  clientConfig: defineEndpoint({
    service: 'api',
    access: 'public',
    tags: ['system'],
    errors: [],
    method: 'GET',
    path: apiPaths.clientConfig,
    summary: 'Public configuration of the web app',
    answers: { 200: clientConfigSchema },
  }),
};
