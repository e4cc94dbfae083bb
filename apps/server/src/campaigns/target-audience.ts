import type {
  AudienceChangeResponse,
  AudiencePreview,
  AudienceSelection,
  ValidationRuleSummary,
} from '@outpilot/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { contactListQuery, scopedToPersona } from '../contacts/contact-list-query.ts';
import type { Executor } from '../db/executor.ts';
import { rowsOf } from '../db/rows-of.ts';
import { campaignAudience, contacts, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { launchExecutions } from '../engine/launch-executions.ts';
import { AppError } from '../errors.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { excludeInvalidAudience } from './check-audience.ts';
import { type CampaignRow, findCampaign } from './find-campaign.ts';

export const audienceMessages = {
  alreadyInCampaign: 'Contacts that are already in this campaign',
  noProfile: 'Contacts without a LinkedIn profile address',
  notEditable: 'Contacts cannot be added to an archived or completed campaign',
} as const;

/** The persona's contacts a selection names (filter and search of the contacts list; none: all). */
function selectedContacts(personaId: string, selection: AudienceSelection): SQL {
  const compiled = compileListQuery(
    { filter: selection.filter, keywords: selection.searchQuery },
    contactListQuery,
  );
  return scopedToPersona(personaId, compiled.where);
}

const inCampaign = (campaignId: string) =>
  sql`exists (select 1 from ${campaignAudience} a where a.campaign_id = ${campaignId}::uuid and a.contact_id = ${contacts.id})`;
const withoutProfile = sql`(${contacts.linkedinPublicIdentifier} is null and ${contacts.linkedinEntityId} is null)`;

/**
 * GET campaigns/{id}/target_audience/preview: 'will add N, M will not be added' (§5). Without a
 * campaign id it previews a campaign not created yet ('Create campaign' from the contacts grid),
 * where no contact can already be in it.
 */
export async function previewTargetAudience(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId?: string; selection: AudienceSelection },
): Promise<AudiencePreview> {
  const campaignId =
    input.campaignId === undefined
      ? undefined
      : (await findCampaign(deps.db, { personaId: input.personaId, campaignId: input.campaignId })).id;
  const already = campaignId === undefined ? sql`false` : inCampaign(campaignId);
  const [row] = rowsOf<{ already: number; no_profile: number; valid: number }>(
    await deps.db.execute(sql`
      select count(*) filter (where ${already})::int as already,
             count(*) filter (where not ${already} and ${withoutProfile})::int as no_profile,
             count(*) filter (where not ${already} and not ${withoutProfile})::int as valid
      from ${contacts} where ${selectedContacts(input.personaId, input.selection)}`),
  );
  const summary: ValidationRuleSummary[] = [];
  if (row?.already) summary.push({ count: row.already, description: audienceMessages.alreadyInCampaign });
  if (row?.no_profile) summary.push({ count: row.no_profile, description: audienceMessages.noProfile });
  return {
    valid_count: row?.valid ?? 0,
    invalid_count: (row?.already ?? 0) + (row?.no_profile ?? 0),
    validation_rules_summary: summary,
  };
}

function assertAudienceEditable(campaign: CampaignRow): void {
  if (campaign.archived || campaign.state === 'Completed') {
    throw new AppError(422, 'UnprocessableEntity', audienceMessages.notEditable);
  }
}

/**
 * PUT campaigns/{id}/target_audience ('Contacts are added'): adds the selected contacts not yet in
 * the campaign and with a profile. A Running campaign launches them at once (executions and first
 * activities in this transaction, the start rules applied); a Stopped one on resume.
 */
export async function addTargetAudience(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string; selection: AudienceSelection },
): Promise<AudienceChangeResponse> {
  return deps.db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, { ...input, forUpdate: true });
    return addAudienceIn(tx, { campaign, selection: input.selection, now: deps.clock.now() });
  });
}

/** The insert of addTargetAudience, inside the caller's transaction holding the campaign's row. */
export async function addAudienceIn(
  tx: Executor,
  input: { campaign: CampaignRow; selection: AudienceSelection; now: Date },
): Promise<AudienceChangeResponse> {
  const { campaign, now } = input;
  assertAudienceEditable(campaign);
  const added = rowsOf<{ contact_id: string }>(
    await tx.execute(sql`
      insert into ${campaignAudience} (campaign_id, contact_id, persona_id, created_at)
      select ${campaign.id}::uuid, ${contacts.id}, ${contacts.personaId}, ${now.toISOString()}::timestamptz
      from ${contacts} where ${selectedContacts(campaign.personaId, input.selection)} and not ${withoutProfile}
      on conflict (campaign_id, contact_id) do nothing
      returning contact_id`),
  );
  let count = added.length;
  if (campaign.state === 'Running' && count > 0) {
    count -= await excludeInvalidAudience(tx, campaign);
    await launchExecutions(tx, { campaign, now });
  }
  return { count };
}

/**
 * DELETE campaigns/{id}/target_audience: removes the selected contacts that have no execution yet
 * (a started campaign's contacts are excluded through executions/delete).
 */
export async function removeTargetAudience(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string; selection: AudienceSelection },
): Promise<AudienceChangeResponse> {
  const where = selectedContacts(input.personaId, input.selection);
  return deps.db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, { ...input, forUpdate: true });
    const removed = rowsOf(
      await tx.execute(sql`
        delete from ${campaignAudience} a using ${contacts}
        where a.campaign_id = ${campaign.id}::uuid and a.contact_id = ${contacts.id} and ${where}
          and not exists (select 1 from ${executions} e where e.campaign_id = a.campaign_id and e.contact_id = a.contact_id)
        returning a.contact_id`),
    );
    return { count: removed.length };
  });
}
