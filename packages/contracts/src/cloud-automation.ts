import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { automationModeResponseSchema } from './workspace.ts';

/**
 * Automation mode switching (issue 24 item 6, seed 000 §2/§3/§7): a Pro user runs campaigns
 * locally (the browser, while it is open) or in the cloud (the server's runner). For LinkedIn the
 * cloud runner needs the member's session: the extension hands it over only after the user agreed
 * in the app's consent dialog; the server keeps it encrypted and uses it only through a proxy of
 * the user's country. Beyond §7, which names only GET workspace/automation-mode.
 */

export const cloudAutomationPaths = {
  updateAutomationMode: '/workspace/automation-mode',
  networkSession: '/network-account/session',
} as const;

export const cloudAutomationMessages = {
  consentTitle: 'Run LinkedIn automation in the cloud?',
  consentText:
    'To run your campaigns while your browser is closed, Outpilot keeps your LinkedIn session on its server, encrypted, and uses it only through a proxy in your country. You can switch back to local mode at any time; the session is then deleted.',
  consentAccept: 'I agree',
  consentDecline: 'Cancel',
  sessionRequired: 'Hand over your LinkedIn session to run in the cloud',
  noProxy: 'Cloud automation is not available in your country yet',
  notConfigured: 'Cloud automation is not configured on this server',
  consentRequired: 'The session is handed over only with your consent',
} as const;

export const updateAutomationModeRequestSchema = z.object({ is_cloud: z.boolean() }).strict();
export type UpdateAutomationModeRequest = z.infer<typeof updateAutomationModeRequestSchema>;

/** ISO 3166-1 alpha-2, upper case: the country whose proxy the cloud runner uses. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, { error: 'The country must be a two-letter code (ISO 3166-1)' });

/** The LinkedIn session cookies: li_at (the session) and JSESSIONID (whose value is the csrf-token). */
export const networkSessionCookiesSchema = z
  .object({
    li_at: z.string().min(1).max(4096),
    JSESSIONID: z.string().min(1).max(512),
  })
  .strict();
export type NetworkSessionCookies = z.infer<typeof networkSessionCookiesSchema>;

export const storeNetworkSessionRequestSchema = z
  .object({
    /** The user agreed in the consent dialog; anything else is refused. */
    consent: z.literal(true, { error: cloudAutomationMessages.consentRequired }),
    country_code: countryCodeSchema,
    cookies: networkSessionCookiesSchema,
  })
  .strict();
export type StoreNetworkSessionRequest = z.infer<typeof storeNetworkSessionRequestSchema>;

export const networkSessionResponseSchema = z.object({
  stored: z.boolean(),
  country_code: z.string().nullable(),
  consented_at: z.iso.datetime().nullable(),
  /** The countries the server has a cloud proxy in: the consent dialog's choices. */
  proxy_countries: z.array(z.object({ country_code: z.string(), city_name: z.string() })),
});
export type NetworkSessionResponse = z.infer<typeof networkSessionResponseSchema>;

/**
 * The bridge message that hands the LinkedIn session over (extension only: the in-page agent of
 * the sandbox network has none). The app sends it only after the consent dialog's 'I agree'.
 */
export const networkSessionHandOver = {
  target: 'network',
  command: 'handOverSession',
  payload: z.object({ consent: z.literal(true) }).strict(),
  result: networkSessionCookiesSchema,
} as const;

const call = { service: 'api', access: 'user', tags: ['workspace'] } as const;

export const cloudAutomationEndpoints = {
  updateAutomationMode: defineEndpoint({
    ...call,
    errors: ['NotAuthorized', 'UnprocessableEntity'],
    method: 'PUT',
    path: cloudAutomationPaths.updateAutomationMode,
    summary:
      'Switch between local and cloud automation (cloud needs Pro; LinkedIn also a handed-over session)',
    body: updateAutomationModeRequestSchema,
    answers: { 200: automationModeResponseSchema },
  }),
  networkSession: defineEndpoint({
    ...call,
    errors: [],
    method: 'GET',
    path: cloudAutomationPaths.networkSession,
    summary: 'Whether the LinkedIn session is kept for the cloud runner (never the session itself)',
    answers: { 200: networkSessionResponseSchema },
  }),
  storeNetworkSession: defineEndpoint({
    ...call,
    errors: ['NotAuthorized', 'UnprocessableEntity'],
    method: 'PUT',
    path: cloudAutomationPaths.networkSession,
    summary: 'Keep the LinkedIn session the extension handed over with the user’s consent (encrypted)',
    body: storeNetworkSessionRequestSchema,
    answers: { 200: networkSessionResponseSchema },
  }),
  deleteNetworkSession: defineEndpoint({
    ...call,
    errors: [],
    method: 'DELETE',
    path: cloudAutomationPaths.networkSession,
    summary: 'Forget the LinkedIn session (and so run locally)',
    answers: { 200: networkSessionResponseSchema },
  }),
};
