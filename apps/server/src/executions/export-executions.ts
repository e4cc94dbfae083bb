import type { Execution } from '@outpilot/contracts';
import { type CsvColumn, writeCsv } from '@outpilot/domain';
import type { AppDeps } from '../deps.ts';
import { selectExecutionIds } from './list-executions.ts';
import { loadExecutionViews, toExecutionDocument } from './to-execution-documents.ts';

export const maxExecutionExportRows = 1000;

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

/** GET executions/export: the selected executions (up to maxExecutionExportRows) as CSV. */
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
): Promise<string> {
  const { ids } = await selectExecutionIds(deps.db, input.personaId, {
    filter: input.query.filter,
    searchQuery: input.query.searchQuery,
    orderby: input.query.orderby,
    campaignId: input.query.campaign_id,
    take: maxExecutionExportRows,
  });
  const now = deps.clock.now();
  const views = await loadExecutionViews(deps.db, input.personaId, ids, { now });
  return writeCsv(
    views.map((view) => toExecutionDocument(view, now)),
    executionExportColumns,
  );
}
