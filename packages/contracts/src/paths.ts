/** Base paths and route paths of the main API and the automation service. */
export const apiBasePath = '/api/v1';
export const automationBasePath = '/automation/v1';
export const sandboxBasePath = '/sandbox';
/**
 * The sandbox network's LinkedIn facade, under sandboxBasePath: the same network answering in
 * linkedin.com's dialect, so NETWORK=linkedin can run against it (the network's address is
 * <PUBLIC_URL>/sandbox/linkedin).
 */
export const sandboxLinkedInPath = '/linkedin';
export const oidcBasePath = '/oidc';
/** The sandbox HubSpot portal the server mounts when no HUBSPOT_API_URL is set. */
export const sandboxHubspotBasePath = '/sandbox-hubspot';
/** The sandbox payment provider the server mounts when no PAYMENTS_API_URL is set. */
export const sandboxPaymentsBasePath = '/sandbox-payments';
export const testSupportBasePath = '/api/test';

export const apiPaths = {
  clientConfig: '/client-config',
  signInUrl: '/auth/sign-in-url',
  exchangeCode: '/auth/token',
  refreshToken: '/auth/refresh',
  signOut: '/auth/sign-out',
  profile: '/profile',
  logs: '/logs',
  health: '/health',
} as const;

export const automationPaths = {
  health: '/health',
} as const;
