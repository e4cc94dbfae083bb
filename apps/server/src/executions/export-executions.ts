import type { Readable } from 'node:stream';
import type { Execution } from '@outpilot/contracts';
import type { CsvColumn } from '@outpilot/domain';
import type { AppDeps } from '../deps.ts';
import { streamCsvByIds } from '../list-query/stream-csv-by-ids.ts';
import { selectEveryExecutionId } from './list-executions.ts';
import { loadExecutionViews, toExecutionDocument } from './to-execution-documents.ts';

/** The campaign contacts page's columns. */
export const executionExportColumns: readonly CsvColumn<Execution>[] = [
  { title: 'Full name', value: (e) => e.linkedin_contact.full_name },
  { title: 'Profile URL', value: (e) => e.linkedin_contact.profile_url },
  { title: 'Headline', value: (e) => e.linkedin_contact.headline },
  { title: 'Company', value: (e) => e.linkedin_contact.company_name },
  { title: 'Location', value: (e) => e.linkedin_contact.location },
  { title: 'Campaign', value: (e) => e.campaign_name },
  { title: 'Status', value: (e) => e.human_state },
  { title: 'Step', value: (e) => e.step_number },
  { title: 'Conversation', value: (e) => e.conversation_url },
];

/**
 * GET executions/export: every selected execution (a campaign's contacts can be 100,000) as a CSV
 * stream (stream-csv-by-ids.ts): the selection is checked and its ids read first, so a bad
 * filter is a 422 before any byte.
 */
export async function exportExecutions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    personaId: string;
    query: {
      filter?: string | undefined;
      searchQuery?: string | undefined;
      orderby?: string | undefined;
      campaign_id?: string | undefined;
    };
  },
): Promise<Readable> {
  const { db, clock } = deps;
  const { personaId, query } = input;
  const ids = await selectEveryExecutionId(db, personaId, {
    filter: query.filter,
    searchQuery: query.searchQuery,
    orderby: query.orderby,
    campaignId: query.campaign_id,
  });
  const now = clock.now();
  return streamCsvByIds(ids, executionExportColumns, async (chunk) =>
    (await loadExecutionViews(db, personaId, chunk)).map((view) => toExecutionDocument(view, now)),
  );
}
