import type { SyncConnectionsRequest, SyncResponse } from '@outpilot/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { activities, activityLog, contacts, executions, personaSyncState } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { lockExecution } from './advance-execution.ts';
import { advanceIfAt } from './engine-helpers.ts';
import { matchContacts } from './match-contacts.ts';

/**
 * The connections sync system: connections the runner saw on the network. Every execution of the
 * persona awaiting acceptance of its Connect step for one of those members becomes accepted
 * (Succeed 'Connected' for that step, the next step queued after its Delay from connected_at), a
 * Withdraw queued for it meanwhile is cancelled, and invitation_accepted is logged. The contact
 * becomes 1st degree. Idempotent: an execution already moved on is left alone.
 */
export async function syncConnections(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { callerPersonaId: string; request: SyncConnectionsRequest },
): Promise<SyncResponse> {
  const { request } = input;
  if (request.persona_id !== input.callerPersonaId) throw new NotFoundError('Workspace not found');
  const now = deps.clock.now();
  const personaId = request.persona_id;
  const members = request.connections.map((connection) => ({
    publicIdentifier: connection.public_identifier,
    entityId: connection.entity_id,
  }));
  const matched = await matchContacts(deps.db, personaId, members);
  let updated = 0;
  if (matched.size > 0) {
    await deps.db
      .update(contacts)
      .set({ distance: 1 })
      .where(and(eq(contacts.personaId, personaId), inArray(contacts.id, [...matched.keys()])));
    const waiting = await deps.db
      .select({ id: executions.id, contactId: executions.contactId })
      .from(executions)
      .where(
        and(
          eq(executions.personaId, personaId),
          eq(executions.state, 'InProgress'),
          inArray(executions.contactId, [...matched.keys()]),
        ),
      );
    for (const row of waiting) {
      const connection = request.connections[matched.get(row.contactId) ?? -1];
      if (!connection) continue;
      const connectedAt = new Date(Math.min(new Date(connection.connected_at).getTime(), now.getTime()));
      const moved = await deps.db.transaction(async (tx) => {
        const locked = await lockExecution(tx, row.id);
        if (!locked || locked.execution.stepIndex === null) return false;
        const { execution } = locked;
        if (execution.stepIndex === null || locked.campaign.steps[execution.stepIndex]?.type !== 'Connect')
          return false;
        const stepNumber = execution.stepIndex + 1;
        await tx
          .update(activities)
          .set({ state: 'cancelled' })
          .where(
            and(
              eq(activities.executionId, execution.id),
              eq(activities.stepNumber, stepNumber),
              eq(activities.operationType, 'Withdraw'),
              eq(activities.state, 'queued'),
            ),
          );
        const advanced = await advanceIfAt(
          tx,
          locked,
          { state: 'InProgress', stepNumber },
          { type: 'accepted', at: connectedAt },
          now,
        );
        if (advanced) {
          await tx.insert(activityLog).values({
            personaId,
            campaignId: execution.campaignId,
            executionId: execution.id,
            action: 'invitation_accepted',
            occurredAt: connectedAt,
          });
        }
        return advanced;
      });
      if (moved) updated += 1;
    }
  }
  const latest = request.connections.reduce<Date | null>((max, connection) => {
    const at = new Date(connection.connected_at);
    return max === null || at > max ? at : max;
  }, null);
  if (latest) {
    await deps.db
      .insert(personaSyncState)
      .values({ personaId, connectionsSyncedAt: latest })
      .onConflictDoUpdate({
        target: personaSyncState.personaId,
        set: {
          connectionsSyncedAt: sql`greatest(${personaSyncState.connectionsSyncedAt}, excluded.connections_synced_at)`,
        },
      });
  }
  return { updated_executions: updated, sync_token: null };
}
