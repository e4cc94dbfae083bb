import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

export const crmBetaOnlyMessage = 'CRM settings are in beta and not open to your team yet';

/**
 * The CRM settings are for the beta list only (seed 001 §6): 'any', or listed team and persona
 * ids. Personas have no team yet, so today the persona's id is what a list can name.
 */
export function assertOnCrmBetaList(
  config: Pick<Config, 'crmBetaList'>,
  member: { personaId: string; teamId: string | null },
): void {
  const list = config.crmBetaList;
  if (list === 'any') return;
  if (list.includes(member.personaId) || (member.teamId !== null && list.includes(member.teamId))) return;
  throw new AppError(403, 'NotAuthorized', crmBetaOnlyMessage);
}
