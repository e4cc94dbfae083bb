import { contactsTexts, type ExecutionsDeletePreview, type ExecutionsDeleteQuery } from '@outpilot/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of.ts';
import { activities, campaignAudience, contacts, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { executionListQuery, executionsOfPersona } from './execution-list-query.ts';

/** An execution whose activity a runner holds right now cannot be removed until it reports. */
const inFlight = sql`exists (select 1 from ${activities} where ${activities.executionId} = ${executions.id} and ${activities.state} = 'claimed')`;

function selectionWhere(personaId: string, query: ExecutionsDeleteQuery): SQL {
  const compiled = compileListQuery(
    { filter: query.filter, keywords: query.searchQuery },
    executionListQuery,
  );
  return and(executionsOfPersona(personaId), compiled.where) as SQL;
}

/** The rule that keeps a selected contact in its campaign, as the exclude dialog lists it. */
export const inFlightRuleDescription = "Contacts with an action in progress can't be excluded";

/**
 * GET executions/delete/preview: how many of the selected contacts would be excluded and, by
 * rule, how many would stay (seed 002 §3 "Preview of removal", §5).
 */
export async function previewDeleteExecutions(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ExecutionsDeleteQuery },
): Promise<ExecutionsDeletePreview> {
  const [row] = await deps.db
    .select({
      valid: sql<number>`count(*) filter (where not ${inFlight})`.mapWith(Number),
      invalid: sql<number>`count(*) filter (where ${inFlight})`.mapWith(Number),
    })
    .from(executions)
    .innerJoin(contacts, eq(contacts.id, executions.contactId))
    .where(selectionWhere(input.personaId, input.query));
  const kept = row?.invalid ?? 0;
  return {
    validation_rules_summary: kept === 0 ? [] : [{ count: kept, description: inFlightRuleDescription }],
    valid_audience_count: row?.valid ?? 0,
  };
}

/**
 * DELETE executions/delete ('Contacts are excluded'): removes the selected contacts from their
 * campaigns, except those a runner holds. One statement deletes their audience rows; each
 * execution goes with its row (executions_campaign_audience_fk) and its activities with it.
 * None removable (the preview's 'Please select other contacts', or a claim since the preview):
 * 422 and nothing changed, as DELETE contacts does.
 */
export async function deleteExecutions(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ExecutionsDeleteQuery },
): Promise<{ count: number }> {
  const where = selectionWhere(input.personaId, input.query);
  const deleted = rowsOf(
    await deps.db.execute(sql`
      delete from ${campaignAudience} a using ${executions}, ${contacts}
      where a.campaign_id = ${executions.campaignId} and a.contact_id = ${executions.contactId}
        and ${contacts.id} = ${executions.contactId} and ${where} and not ${inFlight}
      returning 1`),
  );
  if (deleted.length === 0) throw new ValidationError('filter', contactsTexts.selectOtherContacts);
  return { count: deleted.length };
}
