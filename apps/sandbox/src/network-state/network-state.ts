import type { PostReactionType, SandboxAttachmentKind } from '@outpilot/contracts';
import { hashString } from '../population/prng.ts';
import {
  conversationFact,
  endorsementFact,
  followFact,
  invitationFact,
  messageFact,
  reactionFact,
  responseFact,
  restoreFacts,
  visitFact,
} from './facts.ts';
import type { Fact, Journal } from './journal.ts';

/**
 * What the members did on the simulated network, on top of the static seeded population: held in
 * memory and kept durably through the journal (journal.ts). Outcomes that lie in the future (an
 * acceptance, a reply) are stored with their instant and become visible when the clock passes
 * it: reads evaluate them lazily, so no timer ever runs.
 */
export type InvitationRecord = {
  invitationId: string;
  senderIndex: number;
  inviteeIndex: number;
  message: string | null;
  sentAt: Date;
  /** Decided at send time; null when the invitee never accepts. */
  acceptAt: Date | null;
  /** Set only while still pending, so a withdrawn invitation can never be accepted later. */
  withdrawnAt: Date | null;
};

export type MessageRecord = {
  messageId: string;
  conversationId: string;
  authorIndex: number;
  text: string;
  /** A reply decided for the future stays invisible until the clock passes this instant. */
  deliveredAt: Date;
  editedAt?: Date | null;
  /**
   * A recalled message keeps its place without its text. Like every instant here it may lie in
   * the future (the other side recalls their message later): reads compare it with the clock.
   */
  recalledAt?: Date | null;
  /** The other side's edit, decided with the message and shown once the clock passes `at`. */
  laterEdit?: { at: Date; text: string } | null;
  /** Who reacted with what, in the order they reacted (from `at` on, when given). */
  reactions?: MessageReactionRecord[];
  /** Files sent with the message (served by the network, see attachment-files.ts). */
  attachments?: AttachmentRecord[];
  /** Written by the network itself (e.g. how an InMail came), not by a member. */
  system?: boolean;
  /** An InMail's subject line. */
  subject?: string | null;
};
export type MessageReactionRecord = { emoji: string; authorIndex: number; at?: Date | null };
/** The file's bytes derive from (kind, id, name): only these are stored. */
export type AttachmentRecord = { attachmentId: string; kind: SandboxAttachmentKind; name: string };

/** The member's own marks on a conversation; only they see them. */
export type ConversationMarks = {
  starred: boolean;
  archived: boolean;
  mailbox: 'Focused' | 'Other';
  /** Marked unread by the member: it counts as one unread message until opened again. */
  markedUnread: boolean;
  /** Deleted for the member: what was delivered up to then is gone from their view. */
  clearedAt: Date | null;
  /** When the member last changed a mark: a sync since then reads the conversation again. */
  changedAt: Date | null;
};

/** How a conversation came: a message between connections, an InMail, or unsolicited spam. */
export type ConversationOrigin = {
  conversationType: 'MEMBER_TO_MEMBER' | 'INMAIL';
  spam: boolean;
};

export type ConversationRecord = {
  conversationId: string;
  memberIndex: number;
  personIndex: number;
  /** In creation order; replies may be delivered later than messages created after them. */
  messages: MessageRecord[];
  outgoingCount: number;
  lastReadAt: Date | null;
} & Partial<ConversationMarks> &
  Partial<ConversationOrigin>;

export type ReactionRecord = {
  postId: string;
  personIndex: number;
  reaction: PostReactionType;
  reactedAt: Date;
};
export type EndorsementRecord = { personIndex: number; skill: string; endorsedAt: Date };
export type VisitRecord = { personIndex: number; visitedAt: Date };
export type StoredResponse = { route: string; status: number; body: string };

/** Everything one member did; created on first change. */
export type MemberNetwork = {
  invitations: InvitationRecord[];
  latestInvitationTo: Map<number, InvitationRecord>;
  conversations: Map<number, ConversationRecord>;
  follows: Map<number, Date>;
  /** Keyed by post id. */
  reactions: Map<string, ReactionRecord>;
  /** Keyed by `endorsementKey`. */
  endorsements: Map<string, EndorsementRecord>;
  /** Keyed by person and UTC day: one recorded view per person per day. */
  visits: Map<string, VisitRecord>;
  /** First 2xx answers by Idempotency-Key. */
  storedResponses: Map<string, StoredResponse>;
};

/**
 * Reads go to memory; every change goes through one of these methods, which also writes it to
 * the journal, so nothing the network shows can be forgotten by a restart.
 */
export type NetworkState = {
  /** The member's network only if they ever acted (reads must not create state). */
  peek(memberIndex: number): MemberNetwork | undefined;
  findInvitation(invitationId: string): InvitationRecord | undefined;
  findConversation(conversationId: string): ConversationRecord | undefined;
  addInvitation(invitation: InvitationRecord): void;
  withdrawInvitation(invitation: InvitationRecord, at: Date): void;
  addConversation(conversation: ConversationRecord): void;
  /** Appends a message (the member's own count as outgoing) to a conversation already added. */
  addMessage(conversation: ConversationRecord, message: MessageRecord): void;
  markRead(conversation: ConversationRecord, at: Date): void;
  /** The member's marks (star, archive, mailbox, unread, deletion) change. */
  mark(conversation: ConversationRecord, marks: Partial<ConversationMarks>): void;
  /** A message already added changes (edit, recall, reactions). */
  changeMessage(message: MessageRecord, change: Partial<MessageRecord>): void;
  addFollow(memberIndex: number, personIndex: number, at: Date): void;
  addReaction(memberIndex: number, reaction: ReactionRecord): void;
  addEndorsement(memberIndex: number, endorsement: EndorsementRecord): void;
  addVisit(memberIndex: number, visit: VisitRecord): void;
  storeResponse(memberIndex: number, idempotencyKey: string, response: StoredResponse): void;
};

export const endorsementKey = (personIndex: number, skill: string) => `${personIndex}:${skill}`;
export const visitKey = (visit: VisitRecord) =>
  `${visit.personIndex}:${visit.visitedAt.toISOString().slice(0, 10)}`;

/** The network's state, restored from the journal's stored facts (none for a new network). */
export function createNetworkState(journal: Journal, facts: readonly Fact[] = []): NetworkState {
  const members = new Map<number, MemberNetwork>();
  const invitations = new Map<string, InvitationRecord>();
  const conversations = new Map<string, ConversationRecord>();
  const of = (memberIndex: number): MemberNetwork => {
    let network = members.get(memberIndex);
    if (!network) {
      network = {
        invitations: [],
        latestInvitationTo: new Map(),
        conversations: new Map(),
        follows: new Map(),
        reactions: new Map(),
        endorsements: new Map(),
        visits: new Map(),
        storedResponses: new Map(),
      };
      members.set(memberIndex, network);
    }
    return network;
  };
  // Each change applies in memory, the same way when a stored fact is restored.
  const apply = {
    invitation(invitation: InvitationRecord) {
      const network = of(invitation.senderIndex);
      network.invitations.push(invitation);
      network.latestInvitationTo.set(invitation.inviteeIndex, invitation);
      invitations.set(invitation.invitationId, invitation);
    },
    conversation(conversation: ConversationRecord) {
      of(conversation.memberIndex).conversations.set(conversation.personIndex, conversation);
      conversations.set(conversation.conversationId, conversation);
    },
    message(conversation: ConversationRecord, message: MessageRecord) {
      conversation.messages.push(message);
      if (message.authorIndex === conversation.memberIndex) conversation.outgoingCount += 1;
    },
    follow: (memberIndex: number, personIndex: number, at: Date) =>
      of(memberIndex).follows.set(personIndex, at),
    reaction: (memberIndex: number, reaction: ReactionRecord) =>
      of(memberIndex).reactions.set(reaction.postId, reaction),
    endorsement: (memberIndex: number, endorsement: EndorsementRecord) =>
      of(memberIndex).endorsements.set(
        endorsementKey(endorsement.personIndex, endorsement.skill),
        endorsement,
      ),
    visit: (memberIndex: number, visit: VisitRecord) => of(memberIndex).visits.set(visitKey(visit), visit),
    response: (memberIndex: number, idempotencyKey: string, response: StoredResponse) =>
      of(memberIndex).storedResponses.set(idempotencyKey, response),
  };
  restoreFacts(facts, apply, (id) => conversations.get(id));

  return {
    peek: (memberIndex) => members.get(memberIndex),
    findInvitation: (invitationId) => invitations.get(invitationId),
    findConversation: (conversationId) => conversations.get(conversationId),
    addInvitation(invitation) {
      apply.invitation(invitation);
      journal.put('invitation', invitation.invitationId, invitationFact.encode(invitation));
    },
    withdrawInvitation(invitation, at) {
      invitation.withdrawnAt = at;
      journal.put('invitation', invitation.invitationId, invitationFact.encode(invitation));
    },
    addConversation(conversation) {
      apply.conversation(conversation);
      journal.put('conversation', conversation.conversationId, conversationFact.encode(conversation));
    },
    addMessage(conversation, message) {
      apply.message(conversation, message);
      journal.put('message', message.messageId, messageFact.encode(message));
    },
    markRead(conversation, at) {
      conversation.lastReadAt = at;
      conversation.markedUnread = false;
      conversation.changedAt = at;
      journal.put('conversation', conversation.conversationId, conversationFact.encode(conversation));
    },
    mark(conversation, marks) {
      Object.assign(conversation, marks);
      journal.put('conversation', conversation.conversationId, conversationFact.encode(conversation));
    },
    changeMessage(message, change) {
      Object.assign(message, change);
      journal.put('message', message.messageId, messageFact.encode(message));
    },
    addFollow(memberIndex, personIndex, at) {
      apply.follow(memberIndex, personIndex, at);
      journal.put(
        'follow',
        `${memberIndex}:${personIndex}`,
        followFact.encode({ memberIndex, personIndex, at }),
      );
    },
    addReaction(memberIndex, reaction) {
      apply.reaction(memberIndex, reaction);
      journal.put(
        'reaction',
        `${memberIndex}:${reaction.postId}`,
        reactionFact.encode({ memberIndex, ...reaction }),
      );
    },
    addEndorsement(memberIndex, endorsement) {
      apply.endorsement(memberIndex, endorsement);
      journal.put(
        'endorsement',
        `${memberIndex}:${endorsementKey(endorsement.personIndex, endorsement.skill)}`,
        endorsementFact.encode({ memberIndex, ...endorsement }),
      );
    },
    addVisit(memberIndex, visit) {
      apply.visit(memberIndex, visit);
      journal.put('visit', `${memberIndex}:${visitKey(visit)}`, visitFact.encode({ memberIndex, ...visit }));
    },
    storeResponse(memberIndex, idempotencyKey, response) {
      apply.response(memberIndex, idempotencyKey, response);
      journal.put(
        'response',
        `${memberIndex}:${idempotencyKey}`,
        responseFact.encode({ memberIndex, idempotencyKey, ...response }),
      );
    },
  };
}

/**
 * A stable id for a key: the same seed and the same call sequence give the same ids in every run
 * (two 32-bit hashes joined to stay well below collisions at sandbox volumes).
 */
export function stableNumericId(seed: number, key: string): string {
  const high = hashString(`${seed}:${key}`) & 0x1fffff;
  const low = hashString(`${key}:${seed}#`);
  return String(high * 2 ** 32 + low);
}
