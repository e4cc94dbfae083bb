import type { ExecutionsDeletePreview, ExecutionsDeleteQuery } from '@outpilot/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { replanPersonaQueue } from '../activities-queue/plan-persona-queue.ts';
import { rowsOf } from '../campaigns/db-executor.ts';
import { activities, campaignAudience, contacts, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { compileListQuery } from '../list-query/compile-list-query.ts';
import { executionListQuery } from './execution-list-query.ts';

/** An execution whose activity a runner holds right now cannot be removed until it reports. */
const inFlight = sql`exists (select 1 from ${activities} where ${activities.executionId} = ${executions.id} and ${activities.state} = 'claimed')`;

function selectionWhere(personaId: string, query: ExecutionsDeleteQuery): SQL {
  const compiled = compileListQuery(
    { filter: query.filter, keywords: query.searchQuery },
    executionListQuery,
  );
  return and(eq(executions.personaId, personaId), compiled.where) as SQL;
}

/** GET executions/delete/preview: how many of the selected contacts would be excluded. */
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
  return { valid_count: row?.valid ?? 0, invalid_count: row?.invalid ?? 0 };
}

/**
 * DELETE executions/delete ('Contacts are excluded'): removes the selected contacts from their
 * campaigns (executions, their activities, their audience rows), except those a runner holds.
 */
export async function deleteExecutions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; query: ExecutionsDeleteQuery },
): Promise<{ count: number }> {
  const where = selectionWhere(input.personaId, input.query);
  return deps.db.transaction(async (tx) => {
    const deleted = rowsOf<{ campaign_id: string; contact_id: string }>(
      await tx.execute(sql`
        delete from ${executions} using ${contacts}
        where ${contacts.id} = ${executions.contactId} and ${where} and not ${inFlight}
        returning ${executions.campaignId} as campaign_id, ${executions.contactId} as contact_id`),
    );
    if (deleted.length > 0) {
      await tx.execute(sql`
        delete from ${campaignAudience} a
        using jsonb_to_recordset(${JSON.stringify(deleted)}::jsonb) as d(campaign_id uuid, contact_id uuid)
        where a.campaign_id = d.campaign_id and a.contact_id = d.contact_id`);
      await replanPersonaQueue(tx, input.personaId, deps.clock.now());
    }
    return { count: deleted.length };
  });
}
