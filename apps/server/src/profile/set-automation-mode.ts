import { type AutomationModeResponse, cloudAutomationMessages } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { requirePlanFeature } from '../billing/load-subscription.ts';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { cloudNetworkAccess } from '../network-account/network-session.ts';
import { getAutomationMode } from '../workspace/get-automation-mode.ts';

/**
 * PUT workspace/automation-mode: local (the browser) or cloud (the server's runner). Cloud needs a
 * plan with cloud automation (Pro), checked here by the server; with LinkedIn it also needs the
 * session handed over with consent and a proxy of the user's country. Local is always allowed.
 */
export async function setAutomationMode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { personaId: string; isCloud: boolean; clientIp: string | null },
): Promise<AutomationModeResponse> {
  if (input.isCloud) {
    await requirePlanFeature(deps, input.personaId, 'cloudAutomation');
    if (deps.config.network === 'linkedin' && !(await cloudNetworkAccess(deps, input.personaId))) {
      throw new AppError(422, 'UnprocessableEntity', cloudAutomationMessages.sessionRequired);
    }
  }
  await deps.db
    .update(personas)
    .set({ automationMode: input.isCloud ? 'cloud' : 'local' })
    .where(eq(personas.id, input.personaId));
  return getAutomationMode(deps, { personaId: input.personaId, clientIp: input.clientIp });
}
