import type { ActivityNetworkClient, MemberRef } from '@outpilot/agent';
import type { NetworkProfile } from '@outpilot/contracts';

/**
 * The network of the latency benchmarks, the counterpart of graphile-worker's no-op task: a
 * VisitProfile answers at once and the time it was entered (performance.now()) is kept per
 * activity, read from the step's idempotency key (outpilot:<activity id>:visit). Syncs see
 * nothing new. The other actions are not used by the benchmarks.
 */
export function createInstantNetwork() {
  const entered = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const me: NetworkProfile = {
    entityId: 'ACoAAbench',
    publicIdentifier: 'bench-runner',
    firstName: 'Bench',
    lastName: 'Runner',
    headline: '',
    picture: null,
    location: '',
    company: null,
    degree: 'SELF',
    isPremium: false,
    hasSalesNavigator: false,
  };
  const unused = (name: string) => async (): Promise<never> => {
    throw new Error(`The bench network does not ${name}`);
  };
  const client: ActivityNetworkClient = {
    getMyProfile: async () => me,
    getRelationship: async (_target: MemberRef) => ({
      degree: 'SECOND',
      following: false,
      canMessage: false,
    }),
    visitProfile: async (_target, options) => {
      const at = performance.now();
      const activityId = options?.idempotencyKey?.split(':')[1] ?? '';
      if (!entered.has(activityId)) entered.set(activityId, at);
      waiting.get(activityId)?.(at);
      waiting.delete(activityId);
    },
    listConnectionsSince: async () => [],
    listConversationsSince: async () => [],
    getProfileDetails: unused('read profile details'),
    sendInvitation: unused('send invitations'),
    listSentInvitations: async () => [],
    withdrawInvitation: unused('withdraw invitations'),
    sendMessage: unused('send messages'),
    follow: unused('follow'),
    listRecentPosts: async () => [],
    reactToPost: unused('react to posts'),
    listSkills: async () => [],
    endorseSkill: unused('endorse skills'),
  };
  return {
    client,
    /** Resolves with the performance.now() at which the activity's action began. */
    entered(activityId: string): Promise<number> {
      const at = entered.get(activityId);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve) => waiting.set(activityId, resolve));
    },
  };
}
