import type { AutomationModeResponse } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { findPersonaSettings } from './find-persona-settings.ts';

/**
 * GET workspace/automation-mode. Until the campaign engine runs workspaces in the cloud, every
 * workspace runs locally, in the user's browser: the address that matters is the one the user
 * calls from. Nothing maps addresses to places, so city and country stay unknown (null). A cloud
 * workspace will answer its worker's address and place once the engine has them.
 */
export async function getAutomationMode(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; clientIp: string | null },
): Promise<AutomationModeResponse> {
  const { automationMode } = await findPersonaSettings(deps.db, input.personaId);
  const isCloud = automationMode === 'cloud';
  return {
    is_cloud: isCloud,
    city_name: null,
    country_code: null,
    ip_address: isCloud ? null : input.clientIp,
  };
}
