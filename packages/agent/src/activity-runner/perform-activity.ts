import type { ClaimedActivity, ScrapedProfile } from '@outpilot/contracts';
import type { ActivityNetworkClient, ProfileDetails } from '../network/network-client.ts';
import { type ActivityResult, executed, resultOfError, skipCodes, skipped } from './activity-result.ts';
import { targetOf } from './activity-target.ts';
import { networkActionKey } from './idempotency-keys.ts';
import { reconcileActivity } from './reconcile-activity.ts';

const cut = (value: string, max: number) => value.slice(0, max);
const cutOrNull = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

export function toScrapedProfile(details: ProfileDetails): ScrapedProfile {
  const position = details.positions[0];
  return {
    entity_id: cut(details.entityId, 200),
    public_identifier: cut(details.publicIdentifier, 200),
    first_name: cut(details.firstName, 200),
    last_name: cut(details.lastName, 200),
    headline: cut(details.headline, 500),
    location: cut(details.location, 200),
    company_name: cutOrNull(position?.companyName ?? details.company, 200),
    position_title: cutOrNull(position?.title, 200),
    industry: cutOrNull(details.industry, 200),
    summary: cutOrNull(details.summary, 5000),
    email: cutOrNull(details.contactInfo.email, 254),
    websites: details.contactInfo.websites.slice(0, 20).map((site) => cut(site, 2048)),
    skills: details.skills.slice(0, 100).map((skill) => cut(skill, 200)),
    degree: details.degree,
    is_premium: details.isPremium,
  };
}

/** Does the activity's operation on the network, once; every mutating call carries the step's key. */
async function act(activity: ClaimedActivity, network: ActivityNetworkClient): Promise<ActivityResult> {
  const target = targetOf(activity);
  const key = (action: string) => ({ idempotencyKey: networkActionKey(activity, action) });
  switch (activity.operation_type) {
    case 'Connect': {
      const note = activity.message?.trim() ? activity.message : undefined;
      const invitation = await network.sendInvitation(target, note, key('connect'));
      return executed(invitation.invitationId);
    }
    case 'Message': {
      if (!activity.message?.trim()) return skipped(skipCodes.noMessage, 'The message is empty');
      const sent = await network.sendMessage(target, activity.message, undefined, key('message'));
      return executed(sent.messageId);
    }
    case 'VisitProfile':
      await network.visitProfile(target, key('visit'));
      return executed();
    case 'Follow':
      await network.follow(target, key('follow'));
      return executed();
    case 'ReactOnPost': {
      const posts = await network.listRecentPosts(target);
      const latest = posts.reduce<(typeof posts)[number] | undefined>(
        (best, post) => (!best || post.createdAt.getTime() > best.createdAt.getTime() ? post : best),
        undefined,
      );
      if (!latest) return skipped(skipCodes.noPosts, 'The member has no posts');
      // One key for the step, not per post: a retry that sees a newer post is refused, not doubled.
      await network.reactToPost(latest.postId, activity.reaction ?? 'Like', key('react'));
      return executed(latest.postUrn);
    }
    case 'EndorseSkill': {
      const skills = await network.listSkills(target);
      const first = skills[0];
      if (!first) return skipped(skipCodes.noSkills, 'The member lists no skills');
      await network.endorseSkill(target, first.name, key('endorse'));
      return executed(first.name);
    }
    case 'ScrapeProfile': {
      const details = await network.getProfileDetails(target);
      return executed(details.entityId, { scrapedProfile: toScrapedProfile(details) });
    }
    case 'Withdraw': {
      const invitationId =
        activity.network_ref ?? (await network.getRelationship(target)).invitation?.invitationId;
      if (!invitationId) return skipped(skipCodes.noPendingInvitation, 'There is no pending invitation');
      await network.withdrawInvitation(invitationId, key('withdraw'));
      return { outcome: 'withdrawn', networkRef: invitationId };
    }
  }
}

export type PerformOptions = {
  /** Now, for reconciliation's look-back window. */
  now: Date;
};

/**
 * Performs one claimed activity and says what to report. A later attempt (its earlier claim
 * expired: the runner may have died after acting) first asks the network whether the action is
 * already there, and acts only when it is not. Never throws: failures become the report.
 */
export async function performActivity(
  activity: ClaimedActivity,
  network: ActivityNetworkClient,
  options: PerformOptions,
): Promise<ActivityResult> {
  try {
    if (activity.attempt > 1) {
      const found = await reconcileActivity(activity, network, options.now);
      if (found) return found;
    }
    return await act(activity, network);
  } catch (error) {
    return resultOfError(error);
  }
}
