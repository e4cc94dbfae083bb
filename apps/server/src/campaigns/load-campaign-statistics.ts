import type { CampaignStatistics } from '@outpilot/contracts';
import type { Executor } from '../db/executor.ts';
import { readCampaignTallies } from './campaign-tallies.ts';

export type CampaignFigures = { statistics: CampaignStatistics; targetAudienceCount: number };

/** A percentage with one decimal; null when nothing was sent (the list shows '...'). */
export function rateOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

/**
 * The list statistics of campaigns, from their kept-up tallies (campaign-tallies.ts), one read
 * for a whole page whatever the campaigns' sizes:
 * - started_count: executions past NotStarted; in_queue_count: executions still going (InQueue or
 *   InProgress: waiting for their next action, an acceptance or a reply);
 * - invitation_sent, messages_sent: invitation_sent and message_sent rows of the activity log;
 * - acceptance_rate: contacts who accepted over contacts invited; reply_rate: contacts who replied
 *   over contacts messaged (executions that logged the action, percent with one decimal);
 * - target_audience_count: the campaign's audience rows.
 */
export async function loadCampaignStatistics(
  db: Executor,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignFigures>> {
  const figures = new Map<string, CampaignFigures>();
  for (const [id, tallies] of await readCampaignTallies(db, campaignIds)) {
    figures.set(id, {
      statistics: {
        started_count: tallies.allExecutions() - tallies.executions('NotStarted'),
        in_queue_count: tallies.executions('InQueue') + tallies.executions('InProgress'),
        invitation_sent: tallies.logRows('invitation_sent'),
        acceptance_rate: rateOf(
          tallies.executionsLogged('invitation_accepted'),
          tallies.executionsLogged('invitation_sent'),
        ),
        messages_sent: tallies.logRows('message_sent'),
        reply_rate: rateOf(
          tallies.executionsLogged('reply_received'),
          tallies.executionsLogged('message_sent'),
        ),
      },
      targetAudienceCount: tallies.audience(),
    });
  }
  return figures;
}
