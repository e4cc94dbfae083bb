import type { ValidationRuleSummary } from '@outpilot/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import { campaignAudience, campaigns, contacts, executions } from '../db/schema.ts';

/** Why a contact of the audience cannot be launched (the start preview's descriptions). */
export const audienceRules = {
  inAnotherCampaign: 'Contacts that are already in another active campaign',
  noProfile: 'Contacts without a LinkedIn profile address',
} as const;
export type AudienceRule = keyof typeof audienceRules;

/** A campaign with its persona: the other campaigns and the contacts its rules read are that persona's. */
type AudienceCampaign = { id: string; personaId: string };

/**
 * The rule a contact of this campaign breaks, as SQL over `a` (campaign_audience) and `ct`
 * (contacts), null when it can be launched. A contact with a sequence still going (InQueue or
 * InProgress) in another Running or Stopped campaign is skipped, so nobody gets two sequences at
 * once; one known only by a Sales Navigator lead id has no profile to act on. Scoped to the
 * persona by value, so the planner starts from its campaigns and contacts, not every workspace's.
 */
function ruleOf({ id: campaignId, personaId }: AudienceCampaign): SQL {
  return sql`case
    when exists (
      select 1 from ${executions} other join ${campaigns} oc on oc.id = other.campaign_id
      where other.contact_id = a.contact_id and oc.id <> ${campaignId}::uuid
        and oc.persona_id = ${personaId}::uuid
        and other.state in ('InQueue', 'InProgress') and oc.state in ('Running', 'Stopped')
    ) then 'inAnotherCampaign'
    when ct.linkedin_public_identifier is null and ct.linkedin_entity_id is null then 'noProfile'
    else null end`;
}

/** The audience's contacts without an execution yet, grouped by the rule they break (null: valid). */
export async function checkAudience(
  db: Executor,
  campaign: AudienceCampaign,
): Promise<{ validCount: number; summary: ValidationRuleSummary[] }> {
  const rows = rowsOf<{ rule: AudienceRule | null; total: number }>(
    await db.execute(sql`
      select rule, count(*)::int as total from (
        select ${ruleOf(campaign)} as rule
        from ${campaignAudience} a join ${contacts} ct on ct.id = a.contact_id
        where a.campaign_id = ${campaign.id}::uuid and ct.persona_id = ${campaign.personaId}::uuid
          and not exists (select 1 from ${executions} e where e.campaign_id = a.campaign_id and e.contact_id = a.contact_id)
      ) checked group by rule`),
  );
  let validCount = 0;
  const summary: ValidationRuleSummary[] = [];
  for (const row of rows) {
    if (row.rule === null) validCount = row.total;
    else summary.push({ count: row.total, description: audienceRules[row.rule] });
  }
  summary.sort((a, b) => a.description.localeCompare(b.description));
  return { validCount, summary };
}

/** Removes from the audience the contacts (without an execution) that break a rule; answers how many. */
export async function excludeInvalidAudience(tx: Executor, campaign: AudienceCampaign): Promise<number> {
  const result = await tx.execute(sql`
    delete from ${campaignAudience} as a using ${contacts} ct
    where a.campaign_id = ${campaign.id}::uuid and ct.id = a.contact_id and ct.persona_id = ${campaign.personaId}::uuid
      and not exists (select 1 from ${executions} e where e.campaign_id = a.campaign_id and e.contact_id = a.contact_id)
      and (${ruleOf(campaign)}) is not null
    returning a.contact_id`);
  return rowsOf(result).length;
}
