import type { ExecutionsPageQuery, ExecutionsPageResponse } from '@outpilot/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
import { contacts, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { executionListQuery } from './execution-list-query.ts';
import { loadExecutionViews, toExecutionDocument } from './to-execution-documents.ts';

export type ExecutionSelection = {
  filter?: string | undefined;
  searchQuery?: string | undefined;
  orderby?: string | undefined;
  campaignId?: string | undefined;
  take?: number | undefined;
  skip?: number | undefined;
};

/** The persona's executions matching a selection: ids of one page (or all up to take) and the total. */
export async function selectExecutionIds(
  db: Executor,
  personaId: string,
  selection: ExecutionSelection,
): Promise<{ ids: string[]; total: number }> {
  const compiled = compileListQuery(
    {
      filter: selection.filter,
      keywords: selection.searchQuery,
      orderby: selection.orderby,
      take: selection.take,
      skip: selection.skip,
    },
    executionListQuery,
  );
  const where = and(
    eq(executions.personaId, personaId),
    selection.campaignId ? eq(executions.campaignId, selection.campaignId) : undefined,
    compiled.where,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: executions.id })
      .from(executions)
      .innerJoin(contacts, eq(contacts.id, executions.contactId))
      .where(where)
      .orderBy(sql`${compiled.orderBy}`)
      .limit(compiled.take)
      .offset(compiled.skip),
    db
      .select({ total: count() })
      .from(executions)
      .innerJoin(contacts, eq(contacts.id, executions.contactId))
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
}

/** GET executions/page (campaign_id narrows to one campaign; default created asc). */
export async function listExecutions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; query: ExecutionsPageQuery },
): Promise<ExecutionsPageResponse> {
  const { query } = input;
  const { ids, total } = await selectExecutionIds(deps.db, input.personaId, {
    filter: query.$filter,
    searchQuery: query.$searchQuery,
    orderby: query.$orderby,
    campaignId: query.campaign_id,
    take: query.$take,
    skip: query.$skip,
  });
  const now = deps.clock.now();
  const views = await loadExecutionViews(deps.db, input.personaId, ids, { now });
  return { documents: views.map((view) => toExecutionDocument(view, now)), total };
}
