import type { SandboxActivity } from '@outpilot/contracts';
import { acceptedAtOf, invitationStateAt } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { visibleMessages } from './list-conversations.ts';
import { toSandboxInvitation } from './send-invitation.ts';

const byTime = <T>(list: T[], at: (item: T) => string) => list.sort((a, b) => at(a).localeCompare(at(b)));

/** What the network recorded for the member up to now, as counts and lists (oldest first). */
export function getActivity(context: SandboxContext, member: Person): SandboxActivity {
  const now = context.clock.now();
  const network = context.network.peek(member.index);
  const entityIdOf = (index: number) => context.population.people[index]?.entityId ?? '';
  const invitations = (network?.invitations ?? []).map((record) => ({
    ...toSandboxInvitation(context, record, now),
    acceptedAt: acceptedAtOf(record, now)?.toISOString() ?? null,
    withdrawnAt: record.withdrawnAt?.toISOString() ?? null,
  }));
  const messages = byTime(
    [...(network?.conversations.values() ?? [])].flatMap((conversation) =>
      visibleMessages(conversation, now).map((message) => ({
        messageId: message.messageId,
        conversationId: conversation.conversationId,
        entityId: entityIdOf(conversation.personIndex),
        direction: message.authorIndex === member.index ? ('sent' as const) : ('received' as const),
        deliveredAt: message.deliveredAt.toISOString(),
      })),
    ),
    (message) => message.deliveredAt,
  );
  const follows = byTime(
    [...(network?.follows ?? [])].map(([index, at]) => ({
      entityId: entityIdOf(index),
      followedAt: at.toISOString(),
    })),
    (follow) => follow.followedAt,
  );
  const reactions = byTime(
    [...(network?.reactions.values() ?? [])].map((record) => ({
      postId: record.postId,
      entityId: entityIdOf(record.personIndex),
      reaction: record.reaction,
      reactedAt: record.reactedAt.toISOString(),
    })),
    (reaction) => reaction.reactedAt,
  );
  const endorsements = byTime(
    [...(network?.endorsements.values() ?? [])].map((record) => ({
      entityId: entityIdOf(record.personIndex),
      skill: record.skill,
      endorsedAt: record.endorsedAt.toISOString(),
    })),
    (endorsement) => endorsement.endorsedAt,
  );
  const visits = byTime(
    [...(network?.visits.values() ?? [])].map((record) => ({
      entityId: entityIdOf(record.personIndex),
      visitedAt: record.visitedAt.toISOString(),
    })),
    (visit) => visit.visitedAt,
  );
  const stateCount = (state: string) =>
    (network?.invitations ?? []).filter((record) => invitationStateAt(record, now) === state).length;
  return {
    entityId: member.entityId,
    counts: {
      invitationsSent: invitations.length,
      invitationsPending: stateCount('pending'),
      invitationsAccepted: stateCount('accepted'),
      invitationsWithdrawn: stateCount('withdrawn'),
      messagesSent: messages.filter((message) => message.direction === 'sent').length,
      repliesReceived: messages.filter((message) => message.direction === 'received').length,
      follows: follows.length,
      reactions: reactions.length,
      endorsements: endorsements.length,
      visits: visits.length,
    },
    invitations,
    messages,
    follows,
    reactions,
    endorsements,
    visits,
  };
}
