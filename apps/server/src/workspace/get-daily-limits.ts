import type { DailyLimitsResponse } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { findPersonaSettings } from './find-persona-settings.ts';

/** GET workspace/daily-limits: the four per-day limits of the workspace (column defaults until changed). */
export async function getDailyLimits(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string },
): Promise<DailyLimitsResponse> {
  const row = await findPersonaSettings(deps.db, input.personaId);
  return {
    daily_linkedin_follow_limit: row.dailyFollowLimit,
    daily_linkedin_invitations_limit: row.dailyInvitationsLimit,
    daily_linkedin_messages_limit: row.dailyMessagesLimit,
    daily_linkedin_react_on_post_limit: row.dailyReactOnPostLimit,
  };
}
