import { postReactionTypeSchema, sandboxAttachmentKinds } from '@outpilot/contracts';
import { z } from 'zod';
import type { Fact, FactKind } from './journal.ts';
import type {
  ConversationRecord,
  EndorsementRecord,
  InvitationRecord,
  MessageRecord,
  ReactionRecord,
  StoredResponse,
  VisitRecord,
} from './network-state.ts';

/**
 * How each record of the network is written as a fact and read back: JSON with instants as ISO
 * strings, checked on the way in so a restart never runs on a malformed fact.
 */
const instant = z.iso.datetime().transform((text) => new Date(text));
const index = z.number().int().min(0);

function factOf<Shape extends z.ZodType, Value>(schema: Shape, encode: (value: Value) => z.input<Shape>) {
  return { encode, decode: (value: unknown): z.output<Shape> => schema.parse(value) };
}
const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

export const invitationFact = factOf(
  z.object({
    invitationId: z.string(),
    senderIndex: index,
    inviteeIndex: index,
    message: z.string().nullable(),
    sentAt: instant,
    acceptAt: instant.nullable(),
    withdrawnAt: instant.nullable(),
  }),
  (record: InvitationRecord) => ({
    ...record,
    sentAt: iso(record.sentAt),
    acceptAt: isoOrNull(record.acceptAt),
    withdrawnAt: isoOrNull(record.withdrawnAt),
  }),
);

export const conversationFact = factOf(
  z.object({
    conversationId: z.string(),
    memberIndex: index,
    personIndex: index,
    lastReadAt: instant.nullable(),
    // The marks came later: facts stored before them read as an unmarked conversation.
    starred: z.boolean().default(false),
    archived: z.boolean().default(false),
    mailbox: z.enum(['Focused', 'Other']).default('Focused'),
    markedUnread: z.boolean().default(false),
    clearedAt: instant.nullable().default(null),
    changedAt: instant.nullable().default(null),
    conversationType: z.enum(['MEMBER_TO_MEMBER', 'INMAIL']).default('MEMBER_TO_MEMBER'),
    spam: z.boolean().default(false),
  }),
  (record: ConversationRecord) => ({
    conversationId: record.conversationId,
    memberIndex: record.memberIndex,
    personIndex: record.personIndex,
    lastReadAt: isoOrNull(record.lastReadAt),
    starred: record.starred ?? false,
    archived: record.archived ?? false,
    mailbox: record.mailbox ?? 'Focused',
    markedUnread: record.markedUnread ?? false,
    clearedAt: isoOrNull(record.clearedAt ?? null),
    changedAt: isoOrNull(record.changedAt ?? null),
    conversationType: record.conversationType ?? 'MEMBER_TO_MEMBER',
    spam: record.spam ?? false,
  }),
);

export const messageFact = factOf(
  z.object({
    messageId: z.string(),
    conversationId: z.string(),
    authorIndex: index,
    text: z.string(),
    deliveredAt: instant,
    editedAt: instant.nullable().default(null),
    recalledAt: instant.nullable().default(null),
    reactions: z
      .array(z.object({ emoji: z.string(), authorIndex: index, at: instant.nullable().default(null) }))
      .default([]),
    laterEdit: z.object({ at: instant, text: z.string() }).nullable().default(null),
    attachments: z
      .array(z.object({ attachmentId: z.string(), kind: z.enum(sandboxAttachmentKinds), name: z.string() }))
      .default([]),
    system: z.boolean().default(false),
    subject: z.string().nullable().default(null),
  }),
  (record: MessageRecord) => ({
    ...record,
    deliveredAt: iso(record.deliveredAt),
    editedAt: isoOrNull(record.editedAt ?? null),
    recalledAt: isoOrNull(record.recalledAt ?? null),
    reactions: (record.reactions ?? []).map((reaction) => ({
      ...reaction,
      at: isoOrNull(reaction.at ?? null),
    })),
    laterEdit: record.laterEdit ? { at: iso(record.laterEdit.at), text: record.laterEdit.text } : null,
    attachments: record.attachments ?? [],
    system: record.system ?? false,
    subject: record.subject ?? null,
  }),
);

export const followFact = factOf(
  z.object({ memberIndex: index, personIndex: index, at: instant }),
  (record: { memberIndex: number; personIndex: number; at: Date }) => ({ ...record, at: iso(record.at) }),
);

export const reactionFact = factOf(
  z.object({
    memberIndex: index,
    postId: z.string(),
    personIndex: index,
    reaction: postReactionTypeSchema,
    reactedAt: instant,
  }),
  (record: ReactionRecord & { memberIndex: number }) => ({ ...record, reactedAt: iso(record.reactedAt) }),
);

export const endorsementFact = factOf(
  z.object({ memberIndex: index, personIndex: index, skill: z.string(), endorsedAt: instant }),
  (record: EndorsementRecord & { memberIndex: number }) => ({
    ...record,
    endorsedAt: iso(record.endorsedAt),
  }),
);

export const visitFact = factOf(
  z.object({ memberIndex: index, personIndex: index, visitedAt: instant }),
  (record: VisitRecord & { memberIndex: number }) => ({ ...record, visitedAt: iso(record.visitedAt) }),
);

export const responseFact = factOf(
  z.object({
    memberIndex: index,
    idempotencyKey: z.string(),
    route: z.string(),
    status: z.number().int(),
    body: z.string(),
  }),
  (record: StoredResponse & { memberIndex: number; idempotencyKey: string }) => record,
);

export const sessionFact = factOf(
  z.object({ id: z.string(), memberIndex: index, createdAt: instant }),
  (record: { id: string; memberIndex: number; createdAt: Date }) => ({
    ...record,
    createdAt: iso(record.createdAt),
  }),
);

type Apply = {
  invitation(invitation: InvitationRecord): void;
  conversation(conversation: ConversationRecord): void;
  message(conversation: ConversationRecord, message: MessageRecord): void;
  follow(memberIndex: number, personIndex: number, at: Date): void;
  reaction(memberIndex: number, reaction: ReactionRecord): void;
  endorsement(memberIndex: number, endorsement: EndorsementRecord): void;
  visit(memberIndex: number, visit: VisitRecord): void;
  response(memberIndex: number, idempotencyKey: string, response: StoredResponse): void;
};

/**
 * Replays stored facts into memory, in the order they were first written (a conversation before
 * its messages, messages in the order they were sent). Sessions are the session store's.
 */
export function restoreFacts(
  facts: readonly Fact[],
  apply: Apply,
  findConversation: (conversationId: string) => ConversationRecord | undefined,
): void {
  const ofKind = (kind: FactKind) => facts.filter((fact) => fact.kind === kind).map((fact) => fact.value);
  for (const value of ofKind('invitation')) apply.invitation(invitationFact.decode(value));
  for (const value of ofKind('conversation')) {
    apply.conversation({ ...conversationFact.decode(value), messages: [], outgoingCount: 0 });
  }
  for (const value of ofKind('message')) {
    const message = messageFact.decode(value);
    const conversation = findConversation(message.conversationId);
    if (conversation) apply.message(conversation, message);
  }
  for (const value of ofKind('follow')) {
    const { memberIndex, personIndex, at } = followFact.decode(value);
    apply.follow(memberIndex, personIndex, at);
  }
  for (const value of ofKind('reaction')) {
    const { memberIndex, ...reaction } = reactionFact.decode(value);
    apply.reaction(memberIndex, reaction);
  }
  for (const value of ofKind('endorsement')) {
    const { memberIndex, ...endorsement } = endorsementFact.decode(value);
    apply.endorsement(memberIndex, endorsement);
  }
  for (const value of ofKind('visit')) {
    const { memberIndex, ...visit } = visitFact.decode(value);
    apply.visit(memberIndex, visit);
  }
  for (const value of ofKind('response')) {
    const { memberIndex, idempotencyKey, ...response } = responseFact.decode(value);
    apply.response(memberIndex, idempotencyKey, response);
  }
}
