import { apiBasePath, automationBasePath, type ClientConfig, sandboxBasePath } from '@outpilot/contracts';
import type { Config } from '../config.ts';
import { serverVersion } from '../version.ts';

export const extensionStoreUrl = 'https://chromewebstore.google.com/detail/outpilot/outpilot-extension';
/** The extension build whose bridge this server's app speaks (apps/extension's package version). */
export const minimumExtensionVersion = '0.1.0';
export const supportEmail = 'support@outpilot.example';

/** The public configuration the web app reads first. */
export function getClientConfig(
  config: Pick<Config, 'publicUrl' | 'network' | 'crmBetaList' | 'agentSyncIntervalMs'>,
): ClientConfig {
  const sandbox = config.network === 'sandbox';
  return {
    version: serverVersion,
    network: config.network,
    inPageAgentEnabled: sandbox,
    apiBaseUrl: `${config.publicUrl}${apiBasePath}`,
    automationBaseUrl: `${config.publicUrl}${automationBasePath}`,
    sandboxBaseUrl: sandbox ? `${config.publicUrl}${sandboxBasePath}` : null,
    extensionStoreUrl,
    minimumExtensionVersion,
    supportEmail,
    helpCenterUrl: `${config.publicUrl}/help`,
    termsUrl: `${config.publicUrl}/terms`,
    privacyUrl: `${config.publicUrl}/privacy`,
    crmBetaList: config.crmBetaList,
    ...(config.agentSyncIntervalMs === undefined ? {} : { agentSyncIntervalMs: config.agentSyncIntervalMs }),
  };
}
