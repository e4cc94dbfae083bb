import type { Readable } from 'node:stream';
import type { CsvColumn } from '@outpilot/domain';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { activityLog, campaigns, contacts, executions, personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { contactProfileUrl } from '../executions/to-execution-documents.ts';
import { streamCsvByIds } from '../list-query/stream-csv-by-ids.ts';

export const recentActivitiesDays = 30;
export const proOnlyMessage = 'Upgrade your plan to Pro';

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
 * GET recent-activities/export (the Interaction Log, Pro only: the profile's isProPlanAccessible,
 * which is the active trial for now, else 403): the activity log of the last 30 days, newest
 * first, as a CSV stream (stream-csv-by-ids.ts).
 */
export async function exportRecentActivities(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string },
): Promise<Readable> {
  const now = deps.clock.now();
  const [persona] = await deps.db
    .select({ trialEndsAt: personas.trialEndsAt })
    .from(personas)
    .where(eq(personas.id, input.personaId));
  if (!persona) throw new NotFoundError('Workspace not found');
  const isProPlanAccessible = persona.trialEndsAt !== null && now < persona.trialEndsAt;
  if (!isProPlanAccessible) throw new AppError(403, 'NotAuthorized', proOnlyMessage);
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
