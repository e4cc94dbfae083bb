import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { pgArray } from '../db/pg-array.ts';
import { type ActivityAction, campaignTallies } from '../db/schema.ts';

/** One campaign's tallies (schema-campaigns.ts `campaignTallies`): name → value; missing is 0. */
export class CampaignTallies {
  constructor(private readonly values: ReadonlyMap<string, number> = new Map()) {}

  private of(tally: string): number {
    return this.values.get(tally) ?? 0;
  }
  executions(state: string): number {
    return this.of(`execution:${state}`);
  }
  allExecutions(): number {
    return this.sumWhere((tally) => tally.startsWith('execution:'));
  }
  /** Per stored step number, per state: how many executions reached that state on that step. */
  steps(): { stepNumber: number; state: string; total: number }[] {
    const result: { stepNumber: number; state: string; total: number }[] = [];
    for (const [tally, total] of this.values) {
      const match = /^step:(\d+):(\w+)$/.exec(tally);
      if (match?.[1] && match[2]) result.push({ stepNumber: Number(match[1]), state: match[2], total });
    }
    return result;
  }
  audience(): number {
    return this.of('audience');
  }
  /** Activity log rows of the action. */
  logRows(action: ActivityAction): number {
    return this.of(`log:${action}`);
  }
  /** Executions that logged the action at least once. */
  executionsLogged(action: ActivityAction): number {
    return this.of(`logged:${action}`);
  }
  private sumWhere(test: (tally: string) => boolean): number {
    let sum = 0;
    for (const [tally, value] of this.values) if (test(tally)) sum += value;
    return sum;
  }
}

/**
 * When a campaign holds this many more delta rows than it has tallies, a read folds them into
 * one row per tally, so a read costs a few rows however long the campaign has run.
 */
const foldAfterExtraDeltas = 64;

/** The tallies of campaigns (the caller has scoped the ids to its workspace). */
export async function readCampaignTallies(
  db: Executor,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignTallies>> {
  const result = new Map<string, CampaignTallies>();
  if (campaignIds.length === 0) return result;
  const rows = await db
    .select({
      campaignId: campaignTallies.campaignId,
      tally: campaignTallies.tally,
      value: sql<number>`sum(${campaignTallies.delta})::int`.mapWith(Number),
      deltas: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(campaignTallies)
    .where(inArray(campaignTallies.campaignId, [...campaignIds]))
    .groupBy(campaignTallies.campaignId, campaignTallies.tally);
  const values = new Map<string, Map<string, number>>();
  const extraDeltas = new Map<string, number>();
  for (const row of rows) {
    let campaign = values.get(row.campaignId);
    if (!campaign) {
      campaign = new Map();
      values.set(row.campaignId, campaign);
    }
    if (row.value !== 0) campaign.set(row.tally, row.value);
    extraDeltas.set(row.campaignId, (extraDeltas.get(row.campaignId) ?? 0) + row.deltas - 1);
  }
  const toFold = [...extraDeltas].filter(([, extra]) => extra > foldAfterExtraDeltas).map(([id]) => id);
  if (toFold.length > 0) await foldTallies(db, toFold);
  for (const id of campaignIds) result.set(id, new CampaignTallies(values.get(id)));
  return result;
}

/**
 * Replaces the campaigns' deltas by one row per tally, in one statement. A delta a concurrent
 * transaction commits meanwhile is not in this statement's snapshot, so it is neither deleted
 * nor summed: it stays beside the folded row, and no count is lost or doubled.
 */
async function foldTallies(db: Executor, campaignIds: readonly string[]): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from ${campaignTallies} where campaign_id = any(${pgArray(campaignIds)}::uuid[])
      returning campaign_id, tally, delta
    )
    insert into ${campaignTallies} (campaign_id, tally, delta)
    select campaign_id, tally, sum(delta)::int from gone group by campaign_id, tally having sum(delta) <> 0`);
}
