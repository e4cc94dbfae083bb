import {
  type CampaignsExportQuery,
  type CampaignsPageQuery,
  campaignStateLabels,
  type TeamCampaign,
  type TeamCampaignSortableField,
  type TeamCampaignsResponse,
  teamCampaignSortableFields,
} from '@outpilot/contracts';
import { type CsvColumn, foldSteps, writeCsv } from '@outpilot/domain';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { campaignListQuery } from '../campaigns/campaign-list-query.ts';
import { maxExportRows } from '../campaigns/export-campaigns.ts';
import type { CampaignSelection } from '../campaigns/list-campaigns.ts';
import { loadCampaignStatistics } from '../campaigns/load-campaign-statistics.ts';
import { readTogether } from '../db/executor.ts';
import { campaigns, campaignTallies, personas, teamMembers, users } from '../db/schema.ts';
import { compileListQuery, type ListQueryDefinition } from '../list-query/compile-list-query.ts';
import { requireMembership, requireTeamPlan, type TeamCaller, type TeamDeps } from './team-membership.ts';

/** The sum of one tally of the row's campaign (campaign-tallies.ts names), for sorting. */
const tallySql = (tally: string) =>
  sql`(select coalesce(sum(${campaignTallies.delta}), 0) from ${campaignTallies} where ${campaignTallies.campaignId} = ${campaigns.id} and ${campaignTallies.tally} = ${tally})`;

/** The rate load-campaign-statistics.ts computes (null when nothing was sent), in SQL for sorting. */
const rateSql = (part: string, whole: string) =>
  sql`(case when ${tallySql(whole)} = 0 then null else least(100, round(${tallySql(part)} * 1000.0 / ${tallySql(whole)}) / 10) end)`;

/** The member's name as the row shows it: contact name in the team, else full name, else e-mail. */
const memberNameSql = sql`coalesce(nullif(${teamMembers.nickname}, ''), nullif(trim(${users.givenName} || ' ' || ${users.familyName}), ''), ${users.email})`;

/**
 * GET team/campaigns and its export: the campaign list's filter and search (state, in_queue_count,
 * name…), sorted by every column of the table (seed 001 §2), default created desc, 25 a page.
 */
const teamCampaignListQuery: ListQueryDefinition<TeamCampaignSortableField> = {
  ...campaignListQuery,
  sortable: teamCampaignSortableFields,
  sortColumns: {
    name: sql`${campaigns.name}`,
    persona: sql`lower(${memberNameSql})`,
    invitation_sent: tallySql('log:invitation_sent'),
    acceptance_rate: rateSql('logged:invitation_accepted', 'logged:invitation_sent'),
    messages_sent: tallySql('log:message_sent'),
    reply_rate: rateSql('logged:reply_received', 'logged:message_sent'),
    created: sql`${campaigns.createdAt}`,
  },
};

/** The team's campaigns: owners and managers read every member's (the matrix), under the team plan. */
async function selectTeamCampaigns(
  deps: TeamDeps,
  caller: TeamCaller,
  selection: CampaignSelection,
): Promise<{ documents: TeamCampaign[]; total: number }> {
  const membership = await requireMembership(deps, caller, 'readTeamCampaigns');
  await requireTeamPlan(deps, membership.ownerPersonaId);
  const compiled = compileListQuery(
    {
      filter: selection.filter,
      keywords: selection.searchQuery,
      orderby: selection.orderby,
      take: selection.take,
      skip: selection.skip,
    },
    teamCampaignListQuery,
  );
  const where = and(
    eq(teamMembers.teamId, membership.teamId),
    isNotNull(teamMembers.acceptedAt),
    eq(campaigns.archived, selection.archived ?? false),
    compiled.where,
  );
  const [rows, [counted]] = await readTogether(deps.db, [
    () =>
      deps.db
        .select({
          campaign: campaigns,
          nickname: memberNameSql,
          email: users.email,
          avatar: personas.networkPicture,
        })
        .from(campaigns)
        .innerJoin(teamMembers, eq(teamMembers.personaId, campaigns.personaId))
        .innerJoin(personas, eq(personas.id, campaigns.personaId))
        .innerJoin(users, eq(users.id, personas.userId))
        .where(where)
        .orderBy(sql`${compiled.orderBy}`)
        .limit(compiled.take)
        .offset(compiled.skip),
    // The filter and search read the campaign only, so the count needs the membership join alone.
    () =>
      deps.db
        .select({ total: count() })
        .from(campaigns)
        .innerJoin(teamMembers, eq(teamMembers.personaId, campaigns.personaId))
        .where(where),
  ]);
  const figures = await loadCampaignStatistics(
    deps.db,
    rows.map((row) => row.campaign.id),
  );
  const documents = rows.map(({ campaign, nickname, email, avatar }): TeamCampaign => {
    const figure = figures.get(campaign.id);
    if (!figure) throw new Error(`selectTeamCampaigns: no statistics for campaign ${campaign.id}`);
    return {
      id: campaign.id,
      name: campaign.name,
      status: campaign.state,
      personaId: campaign.personaId,
      nickname: String(nickname),
      email,
      avatar,
      created: campaign.createdAt.toISOString(),
      target_audience_count: figure.targetAudienceCount,
      steps: foldSteps(campaign.steps),
      pause_reason: campaign.pauseReason,
      statistics: figure.statistics,
    };
  });
  return { documents, total: counted?.total ?? 0 };
}

/** GET team/campaigns: one page of the team members' campaigns. */
export function listTeamCampaigns(
  deps: TeamDeps,
  caller: TeamCaller,
  query: CampaignsPageQuery,
): Promise<TeamCampaignsResponse> {
  return selectTeamCampaigns(deps, caller, {
    filter: query.$filter,
    searchQuery: query.$searchQuery,
    orderby: query.$orderby,
    take: query.$take,
    skip: query.$skip,
    archived: query.archived,
  });
}

/** The table's columns (seed 001 §2), plus status and contacts, in the table's order. */
export const teamCampaignExportColumns: readonly CsvColumn<TeamCampaign>[] = [
  { title: 'Campaign', value: (c) => c.name },
  { title: 'Member', value: (c) => c.nickname },
  { title: 'E-mail', value: (c) => c.email },
  { title: 'Status', value: (c) => campaignStateLabels[c.status] },
  { title: 'Contacts', value: (c) => c.target_audience_count },
  { title: 'Invites sent', value: (c) => c.statistics.invitation_sent },
  { title: 'Acceptance rate', value: (c) => c.statistics.acceptance_rate },
  { title: 'Messages sent', value: (c) => c.statistics.messages_sent },
  { title: 'Reply rate', value: (c) => c.statistics.reply_rate },
  { title: 'Created', value: (c) => new Date(c.created) },
];

/** GET team/campaigns/export: the list query's campaigns (up to maxExportRows) as CSV. */
export async function exportTeamCampaigns(
  deps: TeamDeps,
  caller: TeamCaller,
  query: CampaignsExportQuery,
): Promise<string> {
  const { documents } = await selectTeamCampaigns(deps, caller, { ...query, take: maxExportRows });
  return writeCsv(documents, teamCampaignExportColumns);
}
