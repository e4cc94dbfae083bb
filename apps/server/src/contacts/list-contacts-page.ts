import type { ContactDocument, ContactsPageAnswer, ContactsPageQuery } from '@outpilot/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { type CompiledListQuery, compileListQuery } from '../list-query/compile-list-query.ts';
import { countCapped } from '../list-query/count-capped.ts';
import { rowsOf } from '../list-query/rows-of.ts';
import {
  type ContactRow,
  contactDocumentColumns,
  contactMembershipColumns,
  toContactDocument,
} from './contact-document.ts';
import { contactListQuery, scopedToPersona } from './contact-list-query.ts';

/**
 * GET contacts/page: one page of the workspace's contacts and the total. The total is exact up
 * to a cap, beyond it the planner's estimate with total_is_estimate (list-query/count-capped.ts).
 */
export async function listContactsPage(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactsPageAnswer> {
  const compiled = compileContactsPage(input.query);
  const where = scopedToPersona(input.personaId, compiled.where);
  const [documents, count] = await Promise.all([
    loadPage(deps.db, where, compiled),
    countCapped(deps.db, sql`${contacts} where ${where}`),
  ]);
  return {
    documents,
    total: count.total,
    ...(count.isEstimate ? { total_is_estimate: true } : {}),
  };
}

/** The page alone, without the total (what the page costs without its count; benchmarks). */
export async function listContactsPageDocuments(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<ContactDocument[]> {
  const compiled = compileContactsPage(input.query);
  return loadPage(deps.db, scopedToPersona(input.personaId, compiled.where), compiled);
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

async function loadPage(db: Database, where: SQL, compiled: CompiledListQuery): Promise<ContactDocument[]> {
  if (compiled.take === 0) return [];
  const result = await db.execute(sql`select ${contactDocumentColumns}, ${contactMembershipColumns}
    from ${contacts} where ${where} order by ${compiled.orderBy}
    limit ${compiled.take} offset ${compiled.skip}`);
  return rowsOf<ContactRow>(result).map(toContactDocument);
}
