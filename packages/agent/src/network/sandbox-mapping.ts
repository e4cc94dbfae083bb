import type {
  SandboxConversation,
  SandboxInvitation,
  SandboxProfile,
  SandboxProfileDetails,
  sandboxNewConnectionSchema,
} from '@outpilot/contracts';
import type { z } from 'zod';
import type { Connection, Conversation, Invitation, ProfileDetails, Relationship } from './network-client.ts';

/** The sandbox's answers as the port's domain types (dates as Date, relationship as the port's). */

export function toInvitation(invitation: SandboxInvitation): Invitation {
  return {
    invitationId: invitation.invitationId,
    entityId: invitation.entityId,
    sentAt: new Date(invitation.sentAt),
    hasNote: invitation.hasNote,
    note: invitation.message,
    state: invitation.state,
  };
}

export function toConnection(connection: z.output<typeof sandboxNewConnectionSchema>): Connection {
  return {
    entityId: connection.entityId,
    publicIdentifier: connection.publicIdentifier,
    firstName: connection.firstName,
    lastName: connection.lastName,
    connectedAt: new Date(connection.connectedAt),
    invitationId: connection.invitationId,
  };
}

export function toConversation(conversation: SandboxConversation): Conversation {
  return {
    id: conversation.conversationId,
    participants: conversation.participants.map(
      ({ entityId, publicIdentifier, firstName, lastName, picture, occupation }) => ({
        entityId,
        publicIdentifier,
        firstName,
        lastName,
        pictureUrl: picture,
        occupation,
      }),
    ),
    lastActivityAt: new Date(conversation.lastActivityAt),
    unreadCount: conversation.unreadCount,
    messages: conversation.messages.map((message) => ({
      messageId: message.messageId,
      fromEntityId: message.from,
      text: message.text,
      sentAt: new Date(message.deliveredAt),
      edited: message.edited,
      recalled: message.recalled,
      system: message.system,
      subject: message.subject,
      attachments: message.attachments,
      reactions: message.reactions,
      changedAt: message.changedAt ? new Date(message.changedAt) : null,
    })),
    conversationType: conversation.conversationType,
    spam: conversation.spam,
    mailbox: conversation.mailbox,
    starred: conversation.starred,
    archived: conversation.archived,
    connected: conversation.connected,
    updatedAt: new Date(conversation.updatedAt),
  };
}

export function toRelationship(profile: SandboxProfile): Relationship {
  const { relationship } = profile;
  return {
    degree: profile.degree,
    ...(relationship.invitationPending && relationship.invitationId
      ? { invitation: { state: 'pending' as const, invitationId: relationship.invitationId } }
      : {}),
    following: relationship.following,
    canMessage: relationship.canMessage,
  };
}

export function toProfileDetails(details: SandboxProfileDetails): ProfileDetails {
  const { relationship: _relationship, positions, ...rest } = details;
  return {
    ...rest,
    relationship: toRelationship(details),
    positions: positions.map((position) => ({ ...position, startedAt: new Date(position.startedAt) })),
  };
}
