import type { PostReactionType } from '@outpilot/contracts';
import { hashString } from '../population/prng.ts';

/**
 * What the members did on the simulated network, in memory for one plugin instance (one server
 * process), on top of the static seeded population. Outcomes that lie in the future (an
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
};

export type ConversationRecord = {
  conversationId: string;
  memberIndex: number;
  personIndex: number;
  /** In creation order; replies may be delivered later than messages created after them. */
  messages: MessageRecord[];
  outgoingCount: number;
  lastReadAt: Date | null;
};

export type ReactionRecord = {
  postId: string;
  personIndex: number;
  reaction: PostReactionType;
  reactedAt: Date;
};
export type EndorsementRecord = { personIndex: number; skill: string; endorsedAt: Date };
export type VisitRecord = { personIndex: number; visitedAt: Date };
export type StoredResponse = { route: string; status: number; body: string };

/** Everything one member did; created on first use. */
export type MemberNetwork = {
  invitations: InvitationRecord[];
  latestInvitationTo: Map<number, InvitationRecord>;
  conversations: Map<number, ConversationRecord>;
  follows: Map<number, Date>;
  reactions: Map<string, ReactionRecord>;
  endorsements: Map<string, EndorsementRecord>;
  /** Keyed by person and UTC day: one recorded view per person per day. */
  visits: Map<string, VisitRecord>;
  /** First 2xx answers by Idempotency-Key. */
  storedResponses: Map<string, StoredResponse>;
};

export type NetworkState = {
  of(memberIndex: number): MemberNetwork;
  /** The member's network only if they ever acted (reads must not create state). */
  peek(memberIndex: number): MemberNetwork | undefined;
  addInvitation(invitation: InvitationRecord): void;
  findInvitation(invitationId: string): InvitationRecord | undefined;
  addConversation(conversation: ConversationRecord): void;
  findConversation(conversationId: string): ConversationRecord | undefined;
};

export function createNetworkState(): NetworkState {
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
  return {
    of,
    peek: (memberIndex) => members.get(memberIndex),
    addInvitation(invitation) {
      const network = of(invitation.senderIndex);
      network.invitations.push(invitation);
      network.latestInvitationTo.set(invitation.inviteeIndex, invitation);
      invitations.set(invitation.invitationId, invitation);
    },
    findInvitation: (invitationId) => invitations.get(invitationId),
    addConversation(conversation) {
      of(conversation.memberIndex).conversations.set(conversation.personIndex, conversation);
      conversations.set(conversation.conversationId, conversation);
    },
    findConversation: (conversationId) => conversations.get(conversationId),
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
