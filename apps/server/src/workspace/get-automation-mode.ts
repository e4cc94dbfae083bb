import type { AutomationModeResponse } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { proxyForCountry } from '../network-account/cloud-proxies.ts';
import { findNetworkSessionRow } from '../network-account/network-session.ts';
import { findPersonaSettings } from './find-persona-settings.ts';

/**
 * GET workspace/automation-mode. Local: automation runs in the user's browser, so the address that
 * matters is the one the user calls from (nothing maps it to a place: city and country stay null).
 * Cloud with LinkedIn: the proxy of the user's country the session is used through. Cloud with the
 * sandbox network: the server's runner calls the sandbox in process, from no outside address.
 */
export async function getAutomationMode(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { personaId: string; clientIp: string | null },
): Promise<AutomationModeResponse> {
  const { automationMode } = await findPersonaSettings(deps.db, input.personaId);
  if (automationMode !== 'cloud') {
    return { is_cloud: false, city_name: null, country_code: null, ip_address: input.clientIp };
  }
  const session =
    deps.config.network === 'linkedin' ? await findNetworkSessionRow(deps.db, input.personaId) : undefined;
  const proxy = session ? proxyForCountry(deps.config.cloudAutomation.proxies, session.countryCode) : null;
  return {
    is_cloud: true,
    city_name: proxy?.city_name ?? null,
    country_code: proxy?.country_code ?? null,
    ip_address: proxy?.ip_address ?? null,
  };
}
