import type { ClaimedInboxChange, InboxChangeReport } from '@outpilot/contracts';
import { AgentError } from '../errors.ts';
import type { NetworkClient } from '../network/network-client.ts';

/** What the runner needs of the network to make the inbox's changes. */
export type InboxChangesNetworkClient = Pick<
  NetworkClient,
  | 'sendMessage'
  | 'setRead'
  | 'setStarred'
  | 'setArchived'
  | 'setFocus'
  | 'deleteConversation'
  | 'editMessage'
  | 'deleteMessage'
  | 'react'
>;

const inboxMethods = [
  'sendMessage',
  'setRead',
  'setStarred',
  'setArchived',
  'setFocus',
  'deleteConversation',
  'editMessage',
  'deleteMessage',
  'react',
] as const;

/** Whether a network client can make the inbox's changes (the LinkedIn and sandbox adapters can). */
export function canChangeInbox(network: object): network is InboxChangesNetworkClient {
  return inboxMethods.every((method) => typeof (network as Record<string, unknown>)[method] === 'function');
}

/**
 * Makes one of the inbox's changes on the network and says what became of it. A message keeps
 * the origin token the server gave it however often it is tried, so the network delivers it once;
 * every other change sets a state.
 */
export async function performInboxChange(
  claimed: ClaimedInboxChange,
  network: InboxChangesNetworkClient,
): Promise<InboxChangeReport> {
  const base = { change_id: claimed.change_id, attempt: claimed.attempt };
  const id = claimed.conversation_id;
  const { change } = claimed;
  try {
    switch (change.kind) {
      case 'send': {
        const sent = await network.sendMessage(
          { publicIdentifier: change.recipient.public_identifier, entityId: change.recipient.entity_id },
          change.text,
          id,
          { idempotencyKey: change.origin_token },
        );
        return {
          ...base,
          outcome: 'done',
          sent: {
            message_id: sent.messageId.slice(0, 500),
            conversation_id: sent.conversationId.slice(0, 500),
          },
        };
      }
      case 'edit':
        await network.editMessage(id, change.message_id, change.text);
        break;
      case 'recall':
        await network.deleteMessage(id, change.message_id);
        break;
      case 'react':
        await network.react(id, change.message_id, change.emoji, change.on);
        break;
      case 'read':
        await network.setRead(id, change.read);
        break;
      case 'star':
        await network.setStarred(id, change.starred);
        break;
      case 'archive':
        await network.setArchived(id, change.archived);
        break;
      case 'mailbox':
        await network.setFocus(id, change.mailbox);
        break;
      case 'deleteConversation':
        await network.deleteConversation(id);
        break;
      case 'sync':
        // The runner's own sync (it holds the cursors): never made here.
        throw new AgentError('BadRequest', 'A sync is the runner’s to make', { status: 400 });
    }
    return { ...base, outcome: 'done' };
  } catch (error) {
    const known = error instanceof AgentError;
    const status =
      known && error.status && error.status >= 400 && error.status < 600 ? error.status : undefined;
    return {
      ...base,
      outcome: 'failed',
      error: {
        name: known ? error.name : 'ClientError',
        message: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
        ...(known && error.code ? { code: error.code.slice(0, 100) } : {}),
        ...(status ? { status } : {}),
      },
    };
  }
}
