import type { ContactsPageAnswer, ContactsPageQuery } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
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
  const { query } = input;
  const compiled = compileListQuery(
    {
      filter: query.$filter,
      orderby: query.$orderby,
      keywords: query.keywords ?? query.$searchQuery,
      take: query.$take,
      skip: query.$skip,
    },
    contactListQuery,
  );
  const where = scopedToPersona(input.personaId, compiled.where);
  const pageQuery = sql`select ${contactDocumentColumns}, ${contactMembershipColumns}
    from ${contacts} where ${where} order by ${compiled.orderBy}
    limit ${compiled.take} offset ${compiled.skip}`;
  const [page, count] = await Promise.all([
    compiled.take === 0
      ? Promise.resolve([])
      : deps.db.execute(pageQuery).then((result) => rowsOf<ContactRow>(result)),
    countCapped(deps.db, sql`${contacts} where ${where}`),
  ]);
  return {
    documents: page.map(toContactDocument),
    total: count.total,
    ...(count.isEstimate ? { total_is_estimate: true } : {}),
  };
}
