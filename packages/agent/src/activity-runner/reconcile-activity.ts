import type { ClaimedActivity } from '@outpilot/contracts';
import type { ActivityNetworkClient } from '../network/network-client.ts';
import { type ActivityResult, executed } from './activity-result.ts';
import { targetOf } from './activity-target.ts';

/** How far back a sent message is looked for (an earlier attempt's lease started within it). */
export const reconcileLookbackMs = 7 * 24 * 60 * 60_000;

const found = (networkRef?: string): ActivityResult => executed(networkRef, { reconciled: true });

/**
 * Whether an earlier attempt of this activity already did its action on the network (the runner
 * died, or its report was lost, between the action and the report). Answers the result to report
 * without acting, or null when the action is not there and must be done. Lookups that fail throw:
 * an unknown outcome is reported as an error and looked at again, never blindly redone.
 *
 * Connect: an invitation pending to the member, or a connection made by one → executed.
 * Message: the same text from the persona in the conversation with the member → executed.
 * Follow: the member is followed → executed.
 * EndorseSkill: a skill of the member endorsed by the persona → executed.
 * ReactOnPost: a post the persona reacted to (when the network shows it) → executed; otherwise the
 *   step's idempotency key makes the retry safe.
 * Withdraw: the invitation no longer pending → withdrawn (or skipped when it was accepted).
 * VisitProfile, ScrapeProfile: repeating them changes nothing, so they are simply done again.
 */
export async function reconcileActivity(
  activity: ClaimedActivity,
  network: ActivityNetworkClient,
  now: Date,
): Promise<ActivityResult | null> {
  const target = targetOf(activity);
  switch (activity.operation_type) {
    case 'Connect': {
      const relationship = await network.getRelationship(target);
      if (relationship.invitation?.state === 'pending') return found(relationship.invitation.invitationId);
      if (relationship.degree !== 'FIRST') return null;
      const entityId = target.entityId;
      const connections = entityId ? await network.listConnectionsSince(null) : [];
      const made = connections.find((connection) => connection.entityId === entityId);
      // Connected without an invitation of ours: the action itself reports it as skipped.
      return made?.invitationId ? found(made.invitationId) : null;
    }
    case 'Message': {
      const text = activity.message;
      if (!text) return null;
      const since = new Date(now.getTime() - reconcileLookbackMs);
      const conversations = await network.listConversationsSince(since);
      const { entity_id: entityId, first_name: firstName, last_name: lastName } = activity.target;
      for (const conversation of conversations) {
        const other = conversation.participants.find((participant) =>
          entityId
            ? participant.entityId === entityId
            : participant.firstName === firstName && participant.lastName === lastName,
        );
        if (!other) continue;
        const sent = conversation.messages.find(
          (message) => message.fromEntityId !== other.entityId && message.text === text,
        );
        if (sent) return found(sent.messageId);
      }
      return null;
    }
    case 'Follow':
      return (await network.getRelationship(target)).following ? found() : null;
    case 'EndorseSkill': {
      const endorsed = (await network.listSkills(target)).find((skill) => skill.endorsedByViewer);
      return endorsed ? found(endorsed.name) : null;
    }
    case 'ReactOnPost': {
      const reacted = (await network.listRecentPosts(target)).find((post) => post.viewerReaction);
      return reacted ? found(reacted.postUrn) : null;
    }
    case 'Withdraw': {
      const relationship = await network.getRelationship(target);
      const pending = relationship.invitation?.state === 'pending' ? relationship.invitation : undefined;
      if (pending && (!activity.network_ref || pending.invitationId === activity.network_ref)) return null;
      if (relationship.degree === 'FIRST') return null; // accepted: the withdraw call answers skipped
      return activity.network_ref
        ? { outcome: 'withdrawn', networkRef: activity.network_ref, reconciled: true }
        : null;
    }
    case 'VisitProfile':
    case 'ScrapeProfile':
      return null;
  }
}
