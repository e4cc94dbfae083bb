import type { SyncConversationsRequest, SyncResponse } from '@outpilot/contracts';
import { and, eq, inArray, min } from 'drizzle-orm';
import { activityLog, executions, personaSyncState } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { storeSyncedConversations } from '../messaging/store-synced-conversations.ts';
import { lockExecution, planExecutionMove } from './advance-execution.ts';
import { writeExecutionMoves } from './engine-helpers.ts';
import { isMember, matchContacts } from './match-contacts.ts';

/**
 * The conversations sync system: messages the runner saw. A message from a contact sent after the
 * sequence's first message to them is a reply: the execution (InQueue or InProgress) ends Succeed
 * ('Responded'), its queued activities are cancelled, reply_received is logged once and the
 * conversation URL kept. The persona's own messages change nothing. The runner's next sync token
 * is stored. Idempotent: an execution that already ended is left alone. The same messages fill the
 * inbox's store (messaging/store-synced-conversations.ts): one source for replies and the inbox.
 */
export async function syncConversations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { callerPersonaId: string; request: SyncConversationsRequest },
): Promise<SyncResponse> {
  const { request } = input;
  if (request.persona_id !== input.callerPersonaId) throw new NotFoundError('Workspace not found');
  const now = deps.clock.now();
  const personaId = request.persona_id;
  await storeSyncedConversations(deps.db, personaId, request);
  const incoming = request.messages.filter((message) => !message.from_self);
  const matched = await matchContacts(
    deps.db,
    personaId,
    incoming.map((message) => ({
      publicIdentifier: message.from_public_identifier,
      entityId: message.from_entity_id,
    })),
  );
  let updated = 0;
  if (matched.size > 0) {
    const open = await deps.db
      .select({
        id: executions.id,
        contactId: executions.contactId,
        firstMessageAt: min(activityLog.occurredAt),
      })
      .from(executions)
      .innerJoin(
        activityLog,
        and(eq(activityLog.executionId, executions.id), eq(activityLog.action, 'message_sent')),
      )
      .where(
        and(
          eq(executions.personaId, personaId),
          inArray(executions.state, ['InQueue', 'InProgress']),
          inArray(executions.contactId, [...matched.keys()]),
        ),
      )
      .groupBy(executions.id, executions.contactId);
    for (const row of open) {
      if (!row.firstMessageAt) continue;
      const firstMessageAt = row.firstMessageAt;
      const index = matched.get(row.contactId) ?? -1;
      const first = incoming[index];
      if (!first) continue;
      const author = {
        entityId: first.from_entity_id,
        slug: first.from_public_identifier ? first.from_public_identifier.toLowerCase() : null,
      };
      const reply = incoming
        .filter(
          (message) =>
            isMember(author, {
              entityId: message.from_entity_id,
              publicIdentifier: message.from_public_identifier,
            }) && new Date(message.sent_at) >= firstMessageAt,
        )
        .sort((a, b) => a.sent_at.localeCompare(b.sent_at))[0];
      if (!reply) continue;
      const repliedAt = new Date(Math.min(new Date(reply.sent_at).getTime(), now.getTime()));
      const moved = await deps.db.transaction(async (tx) => {
        const locked = await lockExecution(tx, row.id);
        if (!locked) return false;
        const { execution } = locked;
        if (execution.state !== 'InQueue' && execution.state !== 'InProgress') return false;
        const { row: move } = planExecutionMove(locked, { type: 'replied', at: repliedAt }, now);
        // The reply ends the execution: the campaign completes if it was the last one open.
        await writeExecutionMoves(tx, [move], now);
        if (reply.conversation_url) {
          await tx
            .update(executions)
            .set({ conversationUrl: reply.conversation_url })
            .where(eq(executions.id, execution.id));
        }
        await tx.insert(activityLog).values({
          personaId,
          campaignId: execution.campaignId,
          executionId: execution.id,
          action: 'reply_received',
          occurredAt: repliedAt,
        });
        return true;
      });
      if (moved) updated += 1;
    }
  }
  await deps.db
    .insert(personaSyncState)
    .values({ personaId, conversationsSyncToken: request.next_sync_token, conversationsSyncedAt: now })
    .onConflictDoUpdate({
      target: personaSyncState.personaId,
      set: { conversationsSyncToken: request.next_sync_token, conversationsSyncedAt: now },
    });
  return { updated_executions: updated, sync_token: request.next_sync_token };
}
