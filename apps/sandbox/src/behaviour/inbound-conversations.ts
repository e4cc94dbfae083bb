import {
  type ConversationRecord,
  type MessageRecord,
  stableNumericId,
} from '../network-state/network-state.ts';
import type { Person } from '../population/person.ts';
import { randomFor } from '../population/prng.ts';
import type { SandboxContext } from '../sandbox-context.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** One message of a seeded inbound conversation, `afterMs` after the member's first sign-in. */
type Planned = Omit<MessageRecord, 'messageId' | 'conversationId' | 'authorIndex' | 'deliveredAt'> & {
  afterMs: number;
};

/**
 * What reaches a member's inbox without them writing first, as on the real network: an InMail
 * from someone outside their network, a connection's message that the network sorts into Other,
 * and spam. Planned once, at the member's first sign-in, with instants over the next two days (a
 * reply's way: stored now, shown when the clock passes them), so runs repeat exactly. Together
 * they carry every attachment kind, a system message, and the other side's edit, recall and
 * reaction arriving later.
 */
export function planInboundConversations(context: SandboxContext, member: Person): void {
  const { population, network } = context;
  const seed = population.seed;
  const idOf = (key: string) => `2-${stableNumericId(seed, `inbound:${member.index}:${key}`)}`;
  // Planned once per member: the InMail's id is the mark (no fact of its own).
  if (network.findConversation(idOf('inmail'))) return;
  const known = network.peek(member.index)?.conversations;
  const random = randomFor(seed, `inbound:${member.index}`);
  const connections = population.graph.connectionsOf(member.index);
  const degrees = population.graph.degreesFrom(member.index);
  const used = new Set<number>([member.index]);
  const pick = (accept: (index: number) => boolean): Person | undefined => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const index = random.int(0, population.people.length - 1);
      if (!used.has(index) && !known?.has(index) && accept(index)) {
        used.add(index);
        return population.people[index];
      }
    }
    return undefined;
  };
  const outsider = () => pick((index) => degrees[index] !== 'FIRST');
  const connection = () => {
    const free = connections.filter((index) => !used.has(index) && !known?.has(index));
    if (free.length === 0) return undefined;
    // From the far end of the list: tools that message "the first connections" rarely meet it.
    const index = random.pick(free.slice(Math.floor(free.length / 2)));
    used.add(index);
    return population.people[index];
  };
  const start = context.clock.now().getTime();

  const open = (
    key: string,
    person: Person | undefined,
    origin: Pick<ConversationRecord, 'conversationType' | 'spam' | 'mailbox'>,
    planned: (person: Person) => Planned[],
  ) => {
    if (!person) return;
    const conversation: ConversationRecord = {
      conversationId: idOf(key),
      memberIndex: member.index,
      personIndex: person.index,
      messages: [],
      outgoingCount: 0,
      lastReadAt: null,
      ...origin,
    };
    network.addConversation(conversation);
    for (const [ordinal, { afterMs, ...message }] of planned(person).entries()) {
      network.addMessage(conversation, {
        messageId: idOf(`${key}:${ordinal}`),
        conversationId: conversation.conversationId,
        authorIndex: person.index,
        deliveredAt: new Date(start + afterMs),
        ...message,
      });
    }
  };
  const attachment = (
    key: string,
    kind: NonNullable<MessageRecord['attachments']>[number]['kind'],
    name: string,
  ) => ({
    attachmentId: stableNumericId(seed, `attachment:${member.index}:${key}`),
    kind,
    name,
  });

  open('inmail', outsider(), { conversationType: 'INMAIL', spam: false, mailbox: 'Focused' }, (person) => [
    {
      // Just before the InMail itself, so every reader orders them alike.
      afterMs: 40 * minuteMs - 1000,
      system: true,
      text: `${person.firstName} ${person.lastName} sent you an InMail`,
    },
    {
      afterMs: 40 * minuteMs,
      subject: `A role at ${person.company}`,
      text: `Hi ${member.firstName}, I came across your profile and think you would be a great fit for a role on our team at ${person.company}. The overview is attached; details at https://example.com/careers.`,
      attachments: [attachment('inmail:overview', 'file', 'Role overview.csv')],
    },
    {
      afterMs: 26 * hourMs,
      text: 'Would a short video call this week work for you?',
      attachments: [attachment('inmail:meeting', 'video_meeting', 'Video meeting')],
    },
  ]);

  open('other', connection(), { conversationType: 'MEMBER_TO_MEMBER', spam: false, mailbox: 'Other' }, () => [
    {
      afterMs: 3 * hourMs,
      text: `Hey ${member.firstName}, saw this and thought of you`,
      attachments: [attachment('other:gif', 'gif', 'Celebration')],
      // A typo fixed a few minutes later.
      laterEdit: {
        at: new Date(start + 3 * hourMs + 4 * minuteMs),
        text: `Hey ${member.firstName}, saw this and thought of you!`,
      },
    },
    {
      afterMs: 3 * hourMs + 2 * minuteMs,
      text: 'Sorry, wrong chat',
      recalledAt: new Date(start + 3 * hourMs + 5 * minuteMs),
    },
    {
      afterMs: 20 * hourMs,
      text: 'Photos from the meetup, and a voice note about next time.',
      attachments: [
        attachment('other:image', 'image', 'Meetup.svg'),
        attachment('other:audio', 'audio', 'Voice message'),
      ],
    },
  ]);

  open('spam', outsider(), { conversationType: 'INMAIL', spam: true, mailbox: 'Other' }, () => [
    {
      afterMs: 5 * hourMs,
      subject: 'Exclusive offer',
      text: `${member.firstName}, grow your followers 10x in a week! Limited offer at https://example.com/offer`,
    },
  ]);
}

/**
 * The other side's reaction to the member's message: decided with the reply, from its own draw
 * so the reply's delay and text stay those of decide-reply.ts.
 */
export function decideReplyReaction(
  seed: number,
  member: Person,
  person: Person,
  ordinal: number,
  sentAt: Date,
  replyAt: Date,
): { emoji: string; at: Date } | null {
  const random = randomFor(seed, `reply-reaction:${member.index}:${person.index}:${ordinal}`);
  if (!random.chance(0.35)) return null;
  return {
    emoji: random.pick(['👍', '❤️', '😂'] as const),
    at: new Date(Math.max(sentAt.getTime(), replyAt.getTime() - minuteMs)),
  };
}
