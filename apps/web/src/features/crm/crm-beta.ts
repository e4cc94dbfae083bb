import type { AppProfile, ClientConfig } from '@outpilot/contracts';

/**
 * Whether the CRM settings link shows (seed 001 §2, §6): the beta list is 'any' or names the
 * user's team or persona. The server refuses everyone else's CRM calls anyway.
 */
export function isOnCrmBetaList(
  config: Pick<ClientConfig, 'crmBetaList'>,
  profile: Pick<AppProfile, 'personaId' | 'teamId'> | null | undefined,
): boolean {
  const list = config.crmBetaList;
  if (list === 'any') return true;
  if (!profile) return false;
  return list.includes(profile.personaId) || (profile.teamId !== null && list.includes(profile.teamId));
}
