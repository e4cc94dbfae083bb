import type { Execution, ExecutionsPageQuery, ExecutionsPageResponse } from '@outpilot/contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, readTogether } from '../db/executor.ts';
import { contacts, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { executionListQuery, executionsOfPersona } from './execution-list-query.ts';
import {
  type ExecutionRow,
  executionRowsOf,
  executionViewsOf,
  toExecutionDocument,
} from './to-execution-documents.ts';

export type ExecutionSelection = {
  filter?: string | undefined;
  searchQuery?: string | undefined;
  orderby?: string | undefined;
  campaignId?: string | undefined;
  take?: number | undefined;
  skip?: number | undefined;
};

/** One page of the persona's executions matching a selection, read with their contacts, and the total. */
async function selectExecutionPage(
  db: Executor,
  personaId: string,
  selection: ExecutionSelection,
): Promise<{ rows: ExecutionRow[]; total: number }> {
  const { compiled, where } = compileSelection(personaId, selection);
  const [rows, [counted]] = await readTogether(db, [
    () =>
      executionRowsOf(db)
        .where(where)
        .orderBy(sql`${compiled.orderBy}`)
        .limit(compiled.take)
        .offset(compiled.skip),
    () =>
      db
        .select({ total: count() })
        .from(executions)
        .innerJoin(contacts, eq(contacts.id, executions.contactId))
        .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every execution id a selection matches, in its order (no paging): an export's rows. */
export async function selectEveryExecutionId(
  db: Executor,
  personaId: string,
  selection: Omit<ExecutionSelection, 'take' | 'skip'>,
): Promise<string[]> {
  const { compiled, where } = compileSelection(personaId, selection);
  const rows = await selectedIds(db, where, compiled.orderBy);
  return rows.map((row) => row.id);
}

/** The selection's query (422 on a bad filter, order or paging) scoped to the persona. */
function compileSelection(personaId: string, selection: ExecutionSelection) {
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
    executionsOfPersona(personaId),
    selection.campaignId ? eq(executions.campaignId, selection.campaignId) : undefined,
    compiled.where,
  );
  return { compiled, where };
}

const selectedIds = (db: Executor, where: SQL | undefined, orderBy: SQL) =>
  db
    .select({ id: executions.id })
    .from(executions)
    .innerJoin(contacts, eq(contacts.id, executions.contactId))
    .where(where)
    .orderBy(sql`${orderBy}`);

/** GET executions/page (campaign_id narrows to one campaign; default created asc). */
export async function listExecutions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; query: ExecutionsPageQuery },
): Promise<ExecutionsPageResponse> {
  const { query } = input;
  const { rows, total } = await selectExecutionPage(deps.db, input.personaId, {
    filter: query.$filter,
    searchQuery: query.$searchQuery,
    orderby: query.$orderby,
    campaignId: query.campaign_id,
    take: query.$take,
    skip: query.$skip,
  });
  const now = deps.clock.now();
  const views = await executionViewsOf(deps.db, input.personaId, rows, { now });
  return { documents: views.map((view) => toExecutionDocument(view, now)), total };
}

/**
 * Each given contact's execution in one campaign, by contact id (a contact with none is absent):
 * the Status column of the campaign's contacts page, read with its page.
 */
export async function executionsOfContacts(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; campaignId: string; contactIds: readonly string[] },
): Promise<Map<string, Execution>> {
  if (input.contactIds.length === 0) return new Map();
  const rows = await executionRowsOf(deps.db).where(
    and(
      executionsOfPersona(input.personaId),
      eq(executions.campaignId, input.campaignId),
      inArray(executions.contactId, [...input.contactIds]),
    ),
  );
  const now = deps.clock.now();
  const views = await executionViewsOf(deps.db, input.personaId, rows, { now });
  return new Map(views.map((view) => [view.contact.id, toExecutionDocument(view, now)]));
}
