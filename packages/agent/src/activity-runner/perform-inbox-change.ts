import {
  attachmentMediaTypeSchema,
  type ClaimedInboxChange,
  type InboxChangeReport,
  maxInboxAttachmentBytes,
} from '@outpilot/contracts';
import { AgentError } from '../errors.ts';
import { type InboxChangesNetworkClient, inboxChangeMethods } from '../network/network-client.ts';

/** Whether a network client can make the inbox's changes (the LinkedIn and sandbox adapters can). */
export function canChangeInbox(network: object): network is InboxChangesNetworkClient {
  return inboxChangeMethods.every(
    (method) => typeof (network as Record<string, unknown>)[method] === 'function',
  );
}

/** Base64 (standard, padded) without Buffer: the runner also runs in the browser. */
function toBase64(bytes: Uint8Array): string {
  let text = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    text += String.fromCharCode(...bytes.subarray(at, at + chunk));
  }
  return btoa(text);
}

const megabytes = (bytes: number) => `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Makes one of the inbox's changes on the network and says what became of it. A message keeps
 * the origin token the server gave it however often it is tried, so the network delivers it once;
 * every other change sets a state. An attachment is read and its bytes reported (base64), up to
 * `maxAttachmentBytes` (10 MB): a larger file is refused, PayloadTooLarge.
 */
export async function performInboxChange(
  claimed: ClaimedInboxChange,
  network: InboxChangesNetworkClient,
  options: { maxAttachmentBytes?: number } = {},
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
      case 'fetchAttachment': {
        const file = await network.fetchAttachment(id, change.url, change.accept);
        const limit = Math.min(
          options.maxAttachmentBytes ?? maxInboxAttachmentBytes,
          maxInboxAttachmentBytes,
        );
        if (file.bytes.byteLength > limit) {
          throw new AgentError(
            'PayloadTooLarge',
            `This file is ${megabytes(file.bytes.byteLength)}: the browser extension hands over files of up to ${megabytes(limit)}. Open it on LinkedIn`,
            { status: 413 },
          );
        }
        // A media type a header could not carry is sent as plain bytes.
        const mediaType = attachmentMediaTypeSchema.safeParse(file.mediaType).success
          ? file.mediaType
          : 'application/octet-stream';
        return { ...base, outcome: 'done', file: { media_type: mediaType, data: toBase64(file.bytes) } };
      }
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
