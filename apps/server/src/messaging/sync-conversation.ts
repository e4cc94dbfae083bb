import { toConversationsSync } from '@outpilot/agent';
import type { Conversation } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { personaSyncState } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { syncConversations } from '../engine/sync-conversations.ts';
import { AppError } from '../errors.ts';
import { isExtensionInbox } from './extension-inbox.ts';
import { conversationDocumentOf, findConversation } from './inbox-documents.ts';
import { type InboxNetworkOf, networkSessionOf, onNetwork } from './inbox-network.ts';

/**
 * POST conversations/{id}/sync: reads the conversation from the network now and reports it through
 * the engine's conversations sync, as a runner would (a reply found here stops the sequence too).
 * The runner's own cursor is left where it was.
 */
export async function syncInboxConversation(
  deps: Pick<AppDeps, 'db' | 'clock'> & { networkOf: InboxNetworkOf },
  input: { personaId: string; conversationId: string },
): Promise<Conversation> {
  const { db } = deps;
  const { personaId, conversationId } = input;
  const known = await findConversation(db, personaId, conversationId);
  const network = await networkSessionOf(deps.networkOf, personaId);
  if (isExtensionInbox(network)) {
    // Local mode on LinkedIn: the user's browser reads the network and reports as its sync does.
    await onNetwork(() => network.syncThroughRunner(conversationId));
    return conversationDocumentOf(db, personaId, conversationId);
  }
  const me = await onNetwork(() => network.getMyProfile());
  if (!me) throw new AppError(403, 'NotAuthenticated', 'The network session is signed out');
  // The network lists conversations active from then on (inclusive): this one is among them.
  const since = known.lastActivityAt;
  const found = (await onNetwork(() => network.listConversationsSince(since))).filter(
    (conversation) => conversation.id === conversationId,
  );
  const [state] = await db
    .select({ token: personaSyncState.conversationsSyncToken })
    .from(personaSyncState)
    .where(eq(personaSyncState.personaId, personaId));
  await syncConversations(deps, {
    callerPersonaId: personaId,
    request: {
      persona_id: personaId,
      ...toConversationsSync(me, found, null),
      next_sync_token: state?.token ?? null,
    },
  });
  return conversationDocumentOf(db, personaId, conversationId);
}
