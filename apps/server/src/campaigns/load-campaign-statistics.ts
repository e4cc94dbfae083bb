import type { CampaignStatistics } from '@outpilot/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../db/executor.ts';
import { type ActivityAction, activityLog, campaignAudience, executions } from '../db/schema.ts';

export type CampaignFigures = { statistics: CampaignStatistics; targetAudienceCount: number };

const emptyStatistics: CampaignStatistics = {
  started_count: 0,
  in_queue_count: 0,
  invitation_sent: 0,
  acceptance_rate: null,
  messages_sent: 0,
  reply_rate: null,
};

/** A percentage with one decimal; null when nothing was sent (the list shows '...'). */
export function rateOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

/** How many activity log rows of one action a campaign has. */
const logRowsOf = (action: ActivityAction) =>
  sql<number>`count(*) filter (where ${activityLog.action} = ${action})`.mapWith(Number);

/** How many of a campaign's executions logged one action (a contact counts once). */
const executionsLogged = (action: ActivityAction) =>
  sql<number>`count(distinct ${activityLog.executionId}) filter (where ${activityLog.action} = ${action})`.mapWith(
    Number,
  );

/**
 * The list statistics of campaigns, from the data itself (never stored counters), three grouped
 * queries for a whole page:
 * - started_count: executions past NotStarted; in_queue_count: executions still going (InQueue or
 *   InProgress: waiting for their next action, an acceptance or a reply);
 * - invitation_sent, messages_sent: invitation_sent and message_sent rows of the activity log;
 * - acceptance_rate: contacts who accepted over contacts invited; reply_rate: contacts who replied
 *   over contacts messaged (distinct executions, percent with one decimal);
 * - target_audience_count: the campaign's audience rows.
 */
export async function loadCampaignStatistics(
  db: Executor,
  personaId: string,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignFigures>> {
  const figures = new Map<string, CampaignFigures>();
  if (campaignIds.length === 0) return figures;
  const ids = [...campaignIds];
  const [executionCounts, logCounts, audienceCounts] = await readTogether(db, [
    () =>
      db
        .select({
          campaignId: executions.campaignId,
          started: sql<number>`count(*) filter (where ${executions.state} <> 'NotStarted')`.mapWith(Number),
          inQueue:
            sql<number>`count(*) filter (where ${executions.state} in ('InQueue', 'InProgress'))`.mapWith(
              Number,
            ),
        })
        .from(executions)
        .where(and(eq(executions.personaId, personaId), inArray(executions.campaignId, ids)))
        .groupBy(executions.campaignId),
    () =>
      db
        .select({
          campaignId: activityLog.campaignId,
          invitations: logRowsOf('invitation_sent'),
          invited: executionsLogged('invitation_sent'),
          accepted: executionsLogged('invitation_accepted'),
          messages: logRowsOf('message_sent'),
          messaged: executionsLogged('message_sent'),
          replied: executionsLogged('reply_received'),
        })
        .from(activityLog)
        .where(and(eq(activityLog.personaId, personaId), inArray(activityLog.campaignId, ids)))
        .groupBy(activityLog.campaignId),
    () =>
      db
        .select({ campaignId: campaignAudience.campaignId, total: count() })
        .from(campaignAudience)
        .where(inArray(campaignAudience.campaignId, ids))
        .groupBy(campaignAudience.campaignId),
  ]);
  for (const id of ids) figures.set(id, { statistics: { ...emptyStatistics }, targetAudienceCount: 0 });
  for (const row of executionCounts) {
    const entry = figures.get(row.campaignId);
    if (!entry) continue;
    entry.statistics.started_count = row.started;
    entry.statistics.in_queue_count = row.inQueue;
  }
  for (const row of logCounts) {
    const entry = row.campaignId ? figures.get(row.campaignId) : undefined;
    if (!entry) continue;
    entry.statistics.invitation_sent = row.invitations;
    entry.statistics.acceptance_rate = rateOf(row.accepted, row.invited);
    entry.statistics.messages_sent = row.messages;
    entry.statistics.reply_rate = rateOf(row.replied, row.messaged);
  }
  for (const row of audienceCounts) {
    const entry = figures.get(row.campaignId);
    if (entry) entry.targetAudienceCount = row.total;
  }
  return figures;
}
