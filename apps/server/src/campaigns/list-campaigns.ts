import type { CampaignsPageQuery, CampaignsPageResponse } from '@outpilot/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../db/executor.ts';
import { campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { campaignListQuery } from './campaign-list-query.ts';
import type { CampaignRow } from './find-campaign.ts';
import { toCampaignDocuments } from './to-campaign-documents.ts';

export type CampaignSelection = {
  filter?: string | undefined;
  searchQuery?: string | undefined;
  orderby?: string | undefined;
  archived?: boolean | undefined;
  take?: number | undefined;
  skip?: number | undefined;
};

/** The persona's campaigns matching a list query, one page, and the total. */
export async function selectCampaigns(
  db: Executor,
  personaId: string,
  selection: CampaignSelection,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const compiled = compileListQuery(
    {
      filter: selection.filter,
      keywords: selection.searchQuery,
      orderby: selection.orderby,
      take: selection.take,
      skip: selection.skip,
    },
    campaignListQuery,
  );
  const where = and(
    eq(campaigns.personaId, personaId),
    eq(campaigns.archived, selection.archived ?? false),
    compiled.where,
  );
  const [rows, [counted]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(campaigns)
        .where(where)
        .orderBy(sql`${compiled.orderBy}`)
        .limit(compiled.take)
        .offset(compiled.skip),
    () => db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** GET campaigns/page: not archived unless archived=true; default created desc, 25 a page. */
export async function listCampaigns(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: CampaignsPageQuery },
): Promise<CampaignsPageResponse> {
  const { query } = input;
  const { rows, total } = await selectCampaigns(deps.db, input.personaId, {
    filter: query.$filter,
    searchQuery: query.$searchQuery,
    orderby: query.$orderby,
    archived: query.archived,
    take: query.$take,
    skip: query.$skip,
  });
  return { documents: await toCampaignDocuments(deps.db, input.personaId, rows), total };
}
