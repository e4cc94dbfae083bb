import type { AttachmentFile } from '@outpilot/agent';
import { and, eq, ne, sql } from 'drizzle-orm';
import { conversationEvents } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { findConversation } from './inbox-documents.ts';
import { type InboxNetworkOf, networkSessionOf, onNetwork } from './inbox-network.ts';

export const attachmentNotFound = 'Attachment not found';

/**
 * GET conversations/{id}/attachments/{url}: the file read from the network by the server with the
 * persona's session, so the browser never holds a network address with the user's session. Only
 * a url one of the conversation's stored messages carries (and not recalled) is read; any other,
 * or another workspace's conversation, is 404 before the network is asked.
 */
export async function readInboxAttachment(
  deps: Pick<AppDeps, 'db'> & { networkOf: InboxNetworkOf },
  input: { personaId: string; conversationId: string; url: string; accept: string | undefined },
): Promise<AttachmentFile> {
  const { db } = deps;
  const { personaId, conversationId, url } = input;
  await findConversation(db, personaId, conversationId);
  const [carrier] = await db
    .select({ renderContent: conversationEvents.renderContent })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.personaId, personaId),
        eq(conversationEvents.conversationId, conversationId),
        ne(conversationEvents.renderFormat, 'RECALLED'),
        sql`${conversationEvents.renderContent} @> ${JSON.stringify([{ url }])}::jsonb`,
      ),
    )
    .limit(1);
  const content = carrier?.renderContent.find((each) => 'url' in each && each.url === url);
  if (!content) throw new NotFoundError(attachmentNotFound);
  // The caller's Accept, else what the network recommends for a file, else anything.
  const recommended = content.type === 'file' ? content.recommended_accept_header : '*/*';
  const accept = input.accept && input.accept !== '*/*' ? input.accept : recommended;
  const network = await networkSessionOf(deps.networkOf, personaId);
  return onNetwork(() => network.fetchAttachment(conversationId, url, accept));
}
