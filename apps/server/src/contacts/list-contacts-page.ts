import {
  type ContactDocument,
  type ContactsPageAnswer,
  type ContactsPageQuery,
  contactFilterFields,
} from '@outpilot/contracts';
import { type FilterNode, formatOrderBy, parseFilter } from '@outpilot/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { readCampaignTallies } from '../campaigns/campaign-tallies.ts';
import { readTogether } from '../db/executor.ts';
import { campaigns, contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { executionsOfContacts } from '../executions/list-executions.ts';
import { type CompiledListQuery, compileListQuery } from '../list-query/compile-list-query.ts';
import { countCapped, estimateRows, exactTotalOfPage } from '../list-query/count-capped.ts';
import { keysetOf, readFromEnd, readPage } from '../list-query/keyset.ts';
import {
  cursorParameter,
  cursorTexts,
  decodeListCursor,
  encodeListCursor,
} from '../list-query/list-cursor.ts';
import {
  type ContactRow,
  contactDocumentColumns,
  contactMembershipColumns,
  toContactDocument,
} from './contact-document.ts';
import { contactListQuery, scopedToPersona } from './contact-list-query.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<AppDeps['config'], 'authSecret'> };

/** One page and, when more contacts follow, the cursor of its last row. */
export type ContactsPage = { documents: ContactDocument[]; nextCursor: string | undefined };

/**
 * GET contacts/page: one page of the workspace's contacts and the total. The total is exact when
 * the planner expects at most 10,000 contacts, else its estimate with total_is_estimate
 * (list-query/count-capped.ts); a page read by $skip that ends the list makes it exact.
 * A page is addressed by $skip (OFFSET: its cost grows with the depth) or by $after, the
 * next_cursor of the page before (keyset: the same cost at any depth, list-query/keyset.ts).
 * A campaign's contacts (a plain campaign filter) have their exact total from the campaign's
 * tally, and a $skip page past the middle is read from the end (the pager's last-page jump).
 * With `with_execution_of` each contact carries its execution in that campaign (or null): the
 * campaign contacts page and its Status column in one call.
 */
export async function listContactsPage(
  deps: Deps,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactsPageAnswer> {
  const answer = await listContacts(deps, input);
  const campaignId = input.query.with_execution_of;
  if (campaignId === undefined) return answer;
  const executionOf = await executionsOfContacts(deps, {
    personaId: input.personaId,
    campaignId,
    contactIds: answer.documents.map((document) => document.id),
  });
  return {
    ...answer,
    documents: answer.documents.map((document) => ({
      ...document,
      execution: executionOf.get(document.id) ?? null,
    })),
  };
}

async function listContacts(
  deps: Deps,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactsPageAnswer> {
  const compiled = compileContactsPage(input.query);
  const where = scopedToPersona(input.personaId, compiled.where);
  const from = sql`${contacts} where ${where}`;
  // A campaign's contacts page: its kept-up audience tally is the exact total, known before the
  // page, so a deep page can be read from the list's end.
  const campaignId = plainCampaignFilterOf(input.query);
  if (campaignId !== null) {
    // A $skip page needs the total first (past the middle it is read from the end); the first
    // page and a cursor's page are read beside it.
    const [total, page] =
      compiled.skip > 0 && input.query.$after === undefined
        ? await campaignPageBySkip(deps, where, compiled, input.personaId, campaignId)
        : await Promise.all([
            campaignAudienceTotal(deps.db, input.personaId, campaignId),
            loadPage(deps, where, compiled, input.query.$after),
          ]);
    return {
      documents: page.documents,
      total,
      ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
    };
  }
  // Beside the page (on another connection of the pool): the planner's estimate, then an exact
  // count only if the estimate says it is cheap, so a broad filter costs the page and not more.
  const [page, counted] = await Promise.all([
    loadPage(deps, where, compiled, input.query.$after),
    estimateRows(deps.db, from).then((estimate) => countCapped(deps.db, from, estimate)),
  ]);
  const exact =
    input.query.$after === undefined
      ? exactTotalOfPage({
          skip: compiled.skip,
          take: compiled.take,
          rows: page.documents.length,
          hasMore: page.nextCursor !== undefined,
        })
      : null;
  const count = exact === null ? counted : { total: exact, isEstimate: false };
  return {
    documents: page.documents,
    total: count.total,
    ...(count.isEstimate ? { total_is_estimate: true } : {}),
    ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
  };
}

async function campaignPageBySkip(
  deps: Deps,
  where: SQL,
  compiled: CompiledListQuery,
  personaId: string,
  campaignId: string,
): Promise<[number, ContactsPage]> {
  const total = await campaignAudienceTotal(deps.db, personaId, campaignId);
  return [total, await loadPage(deps, where, compiled, undefined, total)];
}

/** The page alone, without the total (what the page costs without its count; benchmarks). */
export async function listContactsPageDocuments(
  deps: Deps,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactsPage> {
  const compiled = compileContactsPage(input.query);
  return loadPage(deps, scopedToPersona(input.personaId, compiled.where), compiled, input.query.$after);
}

/**
 * The campaign of a plain `campaigns/any(c: c eq '<id>')` filter without keywords (the campaign
 * contacts page, seed 001 §7): its contacts are exactly the campaign's audience rows. Null for
 * any other query (a bad filter is refused by the compile that follows).
 */
function plainCampaignFilterOf(query: ContactsPageQuery): string | null {
  if (query.$filter === undefined || query.keywords !== undefined || query.$searchQuery !== undefined)
    return null;
  const ast = parsedOrNull(query.$filter);
  if (ast?.kind !== 'any' || ast.field !== 'campaigns' || ast.predicate?.kind !== 'comparison') return null;
  const { predicate } = ast;
  return predicate.operator === 'eq' &&
    predicate.field === ast.variable &&
    typeof predicate.value.value === 'string' &&
    z.uuid().safeParse(predicate.value.value).success
    ? predicate.value.value
    : null;
}

function parsedOrNull(filter: string): FilterNode | null {
  try {
    return parseFilter(filter, contactFilterFields);
  } catch {
    return null;
  }
}

/** The persona's campaign's audience count (its kept-up tally); 0 for another workspace's campaign. */
async function campaignAudienceTotal(db: Deps['db'], personaId: string, campaignId: string): Promise<number> {
  const [[own], tallies] = await readTogether(db, [
    () =>
      db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.personaId, personaId))),
    () => readCampaignTallies(db, [campaignId]),
  ]);
  // Another workspace's tallies are read beside the check and never answered.
  return own ? (tallies.get(campaignId)?.audience() ?? 0) : 0;
}

function compileContactsPage(query: ContactsPageQuery): CompiledListQuery {
  return compileListQuery(
    {
      filter: query.$filter,
      orderby: query.$orderby,
      keywords: query.keywords ?? query.$searchQuery,
      take: query.$take,
      skip: query.$skip,
    },
    contactListQuery,
  );
}

async function loadPage(
  deps: Deps,
  where: SQL,
  compiled: CompiledListQuery,
  after: string | undefined,
  /** The list's exact total, when known before the page: a page past the middle is read from the end. */
  total?: number,
): Promise<ContactsPage> {
  // The cursor is checked first, so a bad one is refused even for an empty page.
  const order = formatOrderBy(compiled.orderByItems);
  const cursor = after === undefined ? null : decodeListCursor(after, order, deps.config.authSecret);
  if (cursor !== null && compiled.skip > 0) throw new ValidationError(cursorParameter, cursorTexts.withSkip);
  if (compiled.take === 0) return { documents: [], nextCursor: undefined };
  const keyset = keysetOf(compiled.orderByItems, contactListQuery);
  const query = {
    select: sql`${contactDocumentColumns}, ${contactMembershipColumns}, ${keyset.columns}`,
    from: sql`${contacts}`,
    where,
    orderBy: compiled.orderBy,
    idColumn: sql`${contacts.id}`,
    take: compiled.take,
    skip: compiled.skip,
  };
  type Row = ContactRow & Record<string, unknown>;
  const { rows, hasMore } =
    cursor === null && total !== undefined && compiled.skip > total / 2
      ? await readFromEnd<Row>(deps.db, query, compiled.reversedOrderBy, total)
      : await readPage<Row>(deps.db, query, cursor === null ? null : keyset.segmentsAfter(cursor));
  const last = rows.at(-1);
  return {
    documents: rows.map(toContactDocument),
    nextCursor:
      hasMore && last !== undefined
        ? encodeListCursor(keyset.cursorOf(last), order, deps.config.authSecret)
        : undefined,
  };
}
