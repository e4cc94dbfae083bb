import type { Readable } from 'node:stream';
import { billingMessages } from '@outpilot/contracts';
import type { CsvColumn } from '@outpilot/domain';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { requirePlanFeature } from '../billing/load-subscription.ts';
import { activityLog, campaigns, contacts, executions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { contactProfileUrl } from '../executions/to-execution-documents.ts';
import { streamCsvByIds } from '../list-query/stream-csv-by-ids.ts';

export const recentActivitiesDays = 30;
export const proOnlyMessage = billingMessages.upgradeToPro;

type Row = {
  occurredAt: Date;
  action: string;
  campaign: string | null;
  contact: typeof contacts.$inferSelect | null;
};

export const recentActivityColumns: readonly CsvColumn<Row>[] = [
  { title: 'Date', value: (r) => r.occurredAt },
  { title: 'Action', value: (r) => r.action },
  { title: 'Campaign', value: (r) => r.campaign },
  { title: 'Contact', value: (r) => r.contact?.fullName },
  { title: 'Profile URL', value: (r) => (r.contact ? contactProfileUrl(r.contact) : null) },
];

/**
 * GET recent-activities/export (the Interaction Log, a Pro feature: 403 without it): the activity log of the last 30 days, newest
 * first, as a CSV stream (stream-csv-by-ids.ts).
 */
export async function exportRecentActivities(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string },
): Promise<Readable> {
  await requirePlanFeature(deps, input.personaId, 'activityLogExport');
  const now = deps.clock.now();
  const scope = and(
    eq(activityLog.personaId, input.personaId),
    gte(activityLog.occurredAt, new Date(now.getTime() - recentActivitiesDays * 86_400_000)),
  );
  const ids = await deps.db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(scope)
    .orderBy(desc(activityLog.occurredAt), desc(activityLog.id));
  return streamCsvByIds(
    ids.map((row) => row.id),
    recentActivityColumns,
    async (chunk) => {
      const rows = await deps.db
        .select({
          id: activityLog.id,
          occurredAt: activityLog.occurredAt,
          action: activityLog.action,
          campaign: campaigns.name,
          contact: contacts,
        })
        .from(activityLog)
        .leftJoin(campaigns, eq(campaigns.id, activityLog.campaignId))
        .leftJoin(executions, eq(executions.id, activityLog.executionId))
        .leftJoin(contacts, eq(contacts.id, executions.contactId))
        .where(and(eq(activityLog.personaId, input.personaId), inArray(activityLog.id, [...chunk])));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return chunk.flatMap((id) => byId.get(id) ?? []);
    },
  );
}
