import { campaignQueueWindow } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { findCampaign } from '../campaigns/find-campaign.ts';
import { rowsOf } from '../db/rows-of.ts';
import { campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { queuedCount, queueWaitingActivities } from './queue-waiting-activities.ts';

export type TopUpResult = { campaigns: number; queued: number };

/**
 * The top-up system: a Running campaign launched on more contacts than its queue window
 * (campaignQueueWindow of @outpilot/domain) keeps the others InQueue without an activity, marked
 * executions_waiting; once its queued activities fall below half the window, their next ones are
 * queued, earliest due first, up to the window, and the mark cleared when nobody is left. Half,
 * so a big campaign is looked through once per half window of actions, not at every sweep; the
 * mark, so the sweep reads only the campaigns that have someone waiting. One transaction per
 * campaign holding its row, so a stop or complete cannot interleave; the trigger wakes the persona.
 */
export async function topUpCampaignQueues(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { window?: number } = {},
): Promise<TopUpResult> {
  const window = options.window ?? campaignQueueWindow;
  const now = deps.clock.now();
  const low = rowsOf<{ id: string; persona_id: string }>(
    await deps.db.execute(sql`
      select c.id, c.persona_id from ${campaigns} c
      where c.state = 'Running' and c.executions_waiting
        and ${queuedCount(sql`c.id`)} < ${window / 2}`),
  );
  const result: TopUpResult = { campaigns: 0, queued: 0 };
  for (const row of low) {
    const queued = await deps.db.transaction(async (tx) => {
      const campaign = await findCampaign(tx, {
        personaId: row.persona_id,
        campaignId: row.id,
        forUpdate: true,
      });
      if (campaign.state !== 'Running') return 0;
      return queueWaitingActivities(tx, { campaignId: campaign.id, steps: campaign.steps, now, window });
    });
    if (queued > 0) {
      result.campaigns += 1;
      result.queued += queued;
    }
  }
  return result;
}
