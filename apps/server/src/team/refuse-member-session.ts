import { teamMessages } from '@outpilot/contracts';
import type { AuthContext } from '../auth/authenticate.ts';
import { loadSubscription } from '../billing/load-subscription.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/**
 * Billing calls (checkout, orders/sync, upgrade, cancel, resume, management-url) spend or expose
 * the member's own payment: made with a member-session token they are refused (403), whatever the
 * screens show. Reading the subscription stays allowed (the banner's workspace shows it).
 */
export function refuseMemberSession(auth: Pick<AuthContext, 'actor'>): void {
  if (auth.actor) throw new AppError(403, 'NotAuthorized', teamMessages.noBillingInMemberSession);
}

/**
 * §2/§6: upgrade, cancel, resume and the payment page are for whoever pays. A member whose plan
 * the team bought asks the team (403); the team changes it through team/personas/{id}/subscription.
 */
export async function refuseTeamPaidSubscription(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  auth: Pick<AuthContext, 'actor' | 'personaId'>,
): Promise<void> {
  refuseMemberSession(auth);
  const view = await loadSubscription(deps, auth.personaId);
  if (view.ownerId !== auth.personaId) throw new AppError(403, 'NotAuthorized', teamMessages.paidByAnother);
}
