import { teamMessages } from '@outpilot/contracts';
import type { AuthContext } from '../auth/authenticate.ts';
import { AppError } from '../errors.ts';

/**
 * Billing calls (checkout, orders/sync, upgrade, cancel, resume, management-url) spend or expose
 * the member's own payment: made with a member-session token they are refused (403), whatever the
 * screens show. Reading the subscription stays allowed (the banner's workspace shows it).
 */
export function refuseMemberSession(auth: Pick<AuthContext, 'actor'>): void {
  if (auth.actor) throw new AppError(403, 'NotAuthorized', teamMessages.noBillingInMemberSession);
}
