import type { ConnectionDegree, NetworkProfile } from '@outpilot/contracts';
import { sandboxActionErrorCodes as codes } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import { AgentError } from '../errors.ts';
import type {
  ActionOptions,
  ActivityNetworkClient,
  Connection,
  Conversation,
  Invitation,
  MemberRef,
  Post,
} from '../network/network-client.ts';

export type FakeMember = {
  publicIdentifier: string;
  entityId: string;
  firstName: string;
  lastName: string;
  degree: ConnectionDegree;
  posts?: Post[];
  skills?: string[];
};

export type FakeNetworkCall = { method: string; key?: string; args: unknown[] };

/**
 * An in-memory network for runner tests: members, invitations, conversations, follows and
 * endorsements, with every call recorded. Unlike the sandbox it honours no idempotency key, so a
 * test sees any second action. failNext queues a refusal for a method; beforeCall runs first.
 */
export function createFakeActivityNetwork(options: {
  members: FakeMember[];
  clock: Clock;
  beforeCall?: (method: string) => void;
}) {
  const { clock } = options;
  const me: NetworkProfile = {
    entityId: 'ACoAAme',
    publicIdentifier: 'me-000000',
    firstName: 'Ann',
    lastName: 'Lee',
    headline: 'CTO',
    picture: null,
    location: 'Berlin',
    company: 'Acme',
    degree: 'SELF',
    isPremium: false,
    hasSalesNavigator: false,
  };
  const members = new Map(options.members.map((member) => [member.publicIdentifier, { ...member }]));
  const calls: FakeNetworkCall[] = [];
  const failures = new Map<string, AgentError[]>();
  const invitations: Invitation[] = [];
  const connections: Connection[] = [];
  const conversations = new Map<string, Conversation>();
  const follows = new Set<string>();
  const endorsements = new Set<string>();
  const reactions = new Map<string, string>();
  let sequence = 0;

  const memberOf = (target: MemberRef) => {
    const member = members.get(target.publicIdentifier);
    if (!member) throw new AgentError('NotFound', 'This member does not exist', { status: 404 });
    return member;
  };
  const call = (method: string, args: unknown[], options?: ActionOptions) => {
    options?.signal?.throwIfAborted();
    calls.push({ method, args, ...(options?.idempotencyKey ? { key: options.idempotencyKey } : {}) });
    hooks.beforeCall?.(method);
    const error = failures.get(method)?.shift();
    if (error) throw error;
  };
  const hooks = { beforeCall: options.beforeCall };

  const client: ActivityNetworkClient = {
    getMyProfile: async () => me,
    getRelationship: async (target) => {
      call('getRelationship', [target.publicIdentifier]);
      const member = memberOf(target);
      const pending = invitations.find(
        (each) => each.entityId === member.entityId && each.state === 'pending',
      );
      return {
        degree: member.degree,
        ...(pending ? { invitation: { state: 'pending' as const, invitationId: pending.invitationId } } : {}),
        following: follows.has(member.entityId),
        canMessage: member.degree === 'FIRST',
      };
    },
    getProfileDetails: async (target) => {
      call('getProfileDetails', [target.publicIdentifier]);
      const member = memberOf(target);
      return {
        ...me,
        entityId: member.entityId,
        publicIdentifier: member.publicIdentifier,
        firstName: member.firstName,
        lastName: member.lastName,
        degree: member.degree,
        relationship: { degree: member.degree, following: false, canMessage: false },
        industry: 'Software',
        summary: 'Builds things',
        positions: [
          { title: 'Engineer', companyName: 'Initech', startedAt: new Date('2020-01-01T00:00:00Z') },
        ],
        education: [{ schoolName: 'TU Berlin' }],
        skills: member.skills ?? [],
        contactInfo: {
          email: member.degree === 'FIRST' ? `${member.publicIdentifier}@example.com` : null,
          websites: [],
        },
      };
    },
    visitProfile: async (target, options) => {
      call('visitProfile', [target.publicIdentifier], options);
      memberOf(target);
    },
    sendInvitation: async (target, note, options) => {
      call('sendInvitation', [target.publicIdentifier, note], options);
      const member = memberOf(target);
      if (member.degree === 'FIRST') {
        throw new AgentError('UnprocessableEntity', 'Already connected', { code: codes.alreadyConnected });
      }
      sequence += 1;
      const invitation: Invitation = {
        invitationId: `inv-${sequence}`,
        entityId: member.entityId,
        sentAt: clock.now(),
        hasNote: note !== undefined,
        note: note ?? null,
        state: 'pending',
      };
      invitations.push(invitation);
      return invitation;
    },
    listSentInvitations: async () => invitations.filter((each) => each.state === 'pending'),
    withdrawInvitation: async (invitationId, options) => {
      call('withdrawInvitation', [invitationId], options);
      const invitation = invitations.find((each) => each.invitationId === invitationId);
      if (!invitation) throw new AgentError('NotFound', 'No invitation', { status: 404 });
      if (invitation.state === 'accepted') {
        throw new AgentError('BadRequest', 'Accepted', { code: codes.invitationAlreadyAccepted });
      }
      invitation.state = 'withdrawn';
    },
    listConnectionsSince: async (since) => {
      call('listConnectionsSince', [since?.toISOString() ?? null]);
      return connections.filter((each) => !since || each.connectedAt.getTime() >= since.getTime());
    },
    sendMessage: async (target, text, _conversationId, options) => {
      call('sendMessage', [target.publicIdentifier, text], options);
      const member = memberOf(target);
      if (member.degree !== 'FIRST') {
        throw new AgentError('NotAuthorized', 'Not connected', { code: codes.notConnected });
      }
      sequence += 1;
      const messageId = `msg-${sequence}`;
      const conversation = conversations.get(member.entityId) ?? {
        id: `conv-${member.entityId}`,
        participants: [
          {
            entityId: member.entityId,
            publicIdentifier: null,
            firstName: member.firstName,
            lastName: member.lastName,
            pictureUrl: null,
            occupation: '',
          },
        ],
        lastActivityAt: clock.now(),
        unreadCount: 0,
        messages: [],
      };
      conversation.messages.push({ messageId, fromEntityId: me.entityId, text, sentAt: clock.now() });
      conversation.lastActivityAt = clock.now();
      conversations.set(member.entityId, conversation);
      return { messageId, conversationId: conversation.id };
    },
    listConversationsSince: async (since) => {
      call('listConversationsSince', [since?.toISOString() ?? null]);
      return [...conversations.values()].filter(
        (each) => !since || each.lastActivityAt.getTime() >= since.getTime(),
      );
    },
    follow: async (target, options) => {
      call('follow', [target.publicIdentifier], options);
      follows.add(memberOf(target).entityId);
    },
    listRecentPosts: async (target) => {
      call('listRecentPosts', [target.publicIdentifier]);
      return memberOf(target).posts ?? [];
    },
    reactToPost: async (postId, reaction, options) => {
      call('reactToPost', [postId, reaction], options);
      reactions.set(postId, reaction);
    },
    listSkills: async (target) => {
      call('listSkills', [target.publicIdentifier]);
      const member = memberOf(target);
      return (member.skills ?? []).map((name) => ({
        name,
        endorsementCount: 3,
        endorsedByViewer: endorsements.has(`${member.entityId}:${name}`),
      }));
    },
    endorseSkill: async (target, skill, options) => {
      call('endorseSkill', [target.publicIdentifier, skill], options);
      const member = memberOf(target);
      if (member.degree !== 'FIRST') {
        throw new AgentError('NotAuthorized', 'Not connected', { code: codes.notConnected });
      }
      endorsements.add(`${member.entityId}:${skill}`);
    },
  };

  return {
    client,
    me,
    calls,
    invitations,
    connections,
    conversations,
    reactions,
    hooks,
    /** The names of the calls that change something on the network. */
    actions: () =>
      calls.filter((each) =>
        [
          'sendInvitation',
          'withdrawInvitation',
          'sendMessage',
          'follow',
          'reactToPost',
          'endorseSkill',
          'visitProfile',
        ].includes(each.method),
      ),
    failNext(method: string, error: AgentError) {
      failures.set(method, [...(failures.get(method) ?? []), error]);
    },
    accept(invitationId: string, at: Date) {
      const invitation = invitations.find((each) => each.invitationId === invitationId);
      if (!invitation) throw new Error('no such invitation');
      invitation.state = 'accepted';
      const member = [...members.values()].find((each) => each.entityId === invitation.entityId);
      if (!member) throw new Error('no such member');
      member.degree = 'FIRST';
      connections.push({ ...member, connectedAt: at, invitationId });
    },
    receive(entityId: string, text: string, at: Date) {
      const conversation = conversations.get(entityId);
      if (!conversation) throw new Error('no conversation');
      sequence += 1;
      conversation.messages.push({ messageId: `msg-${sequence}`, fromEntityId: entityId, text, sentAt: at });
      conversation.lastActivityAt = at;
    },
  };
}

export type FakeActivityNetwork = ReturnType<typeof createFakeActivityNetwork>;
