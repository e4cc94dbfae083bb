import type { ContactDocument, ContactsPageAnswer, ContactsPageQuery } from '@outpilot/contracts';
import { formatOrderBy } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { type CompiledListQuery, compileListQuery } from '../list-query/compile-list-query.ts';
import { countCapped, estimateRows, exactTotalOfPage } from '../list-query/count-capped.ts';
import { keysetOf, readPage } from '../list-query/keyset.ts';
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

type Deps = { db: AppDeps['db']; config: Pick<AppDeps['config'], 'authSecret'> };

/** One page and, when more contacts follow, the cursor of its last row. */
export type ContactsPage = { documents: ContactDocument[]; nextCursor: string | undefined };

/**
 * GET contacts/page: one page of the workspace's contacts and the total. The total is exact when
 * the planner expects at most 10,000 contacts, else its estimate with total_is_estimate
 * (list-query/count-capped.ts); a page read by $skip that ends the list makes it exact.
 * A page is addressed by $skip (OFFSET: its cost grows with the depth) or by $after, the
 * next_cursor of the page before (keyset: the same cost at any depth, list-query/keyset.ts).
 */
export async function listContactsPage(
  deps: Deps,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactsPageAnswer> {
  const compiled = compileContactsPage(input.query);
  const where = scopedToPersona(input.personaId, compiled.where);
  const from = sql`${contacts} where ${where}`;
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

/** The page alone, without the total (what the page costs without its count; benchmarks). */
export async function listContactsPageDocuments(
  deps: Deps,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactsPage> {
  const compiled = compileContactsPage(input.query);
  return loadPage(deps, scopedToPersona(input.personaId, compiled.where), compiled, input.query.$after);
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
): Promise<ContactsPage> {
  // The cursor is checked first, so a bad one is refused even for an empty page.
  const order = formatOrderBy(compiled.orderByItems);
  const cursor = after === undefined ? null : decodeListCursor(after, order, deps.config.authSecret);
  if (cursor !== null && compiled.skip > 0) throw new ValidationError(cursorParameter, cursorTexts.withSkip);
  if (compiled.take === 0) return { documents: [], nextCursor: undefined };
  const keyset = keysetOf(compiled.orderByItems, contactListQuery);
  const { rows, hasMore } = await readPage<ContactRow & Record<string, unknown>>(
    deps.db,
    {
      select: sql`${contactDocumentColumns}, ${contactMembershipColumns}, ${keyset.columns}`,
      from: sql`${contacts}`,
      where,
      orderBy: compiled.orderBy,
      idColumn: sql`${contacts.id}`,
      take: compiled.take,
      skip: compiled.skip,
    },
    cursor === null ? null : keyset.segmentsAfter(cursor),
  );
  const last = rows.at(-1);
  return {
    documents: rows.map(toContactDocument),
    nextCursor:
      hasMore && last !== undefined
        ? encodeListCursor(keyset.cursorOf(last), order, deps.config.authSecret)
        : undefined,
  };
}
