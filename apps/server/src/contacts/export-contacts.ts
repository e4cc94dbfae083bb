import type { Readable } from 'node:stream';
import type { ContactsPageQuery } from '@outpilot/contracts';
import { contactExportColumns, formatCsvHeader } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { streamCsv } from '../list-query/stream-csv.ts';
import { contactCsvCells } from './contact-csv-cells.ts';
import { contactListQuery, scopedToPersona } from './contact-list-query.ts';

/**
 * GET contacts/export: every contact the query selects (paging ignored), in its order, as a
 * streamed CSV file (BOM, header, formula-guarded cells). The database computes the cells
 * (contact-csv-cells.ts).
 */
export async function exportContacts(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ContactsPageQuery },
): Promise<Readable> {
  const { query } = input;
  const compiled = compileListQuery(
    { filter: query.$filter, orderby: query.$orderby, keywords: query.keywords ?? query.$searchQuery },
    contactListQuery,
  );
  const where = scopedToPersona(input.personaId, compiled.where);
  return streamCsv(
    deps.db,
    sql`select ${contactCsvCells} from ${contacts} where ${where} order by ${compiled.orderBy}`,
    formatCsvHeader(contactExportColumns),
  );
}
