import { randomBytes } from 'node:crypto';
import {
  bundlePath,
  connectionsAnswer,
  contactInfoAnswer,
  createQueryIds,
  type DialectSearchHit,
  invitationCreated,
  meAnswer,
  messageCreatedAnswer,
  messengerUrns,
  postsAnswer,
  profileAnswer,
  readSearchVariables,
  searchAnswer,
  sentInvitationsAnswer,
  skillsAnswer,
  unknownQueryIdBody,
} from '@outpilot/agent/linkedin-dialect';
import { postReactionTypeSchema } from '@outpilot/contracts';
import type { ImportSearch, NetworkCode } from '@outpilot/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { findTarget } from '../actions/find-target.ts';
import { followMember } from '../actions/follow-member.ts';
import { getProfileDetails } from '../actions/get-profile.ts';
import { listNewConnections, listSentInvitations } from '../actions/list-invitations.ts';
import { listRecentPosts, reactToPost } from '../actions/posts.ts';
import { sendInvitation } from '../actions/send-invitation.ts';
import { sendMessage } from '../actions/send-message.ts';
import { endorseSkill, listSkills } from '../actions/skills.ts';
import { visitProfile } from '../actions/visit-profile.ts';
import { withdrawInvitation } from '../actions/withdraw-invitation.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import type { Person } from '../population/person.ts';
import { withCurrentDegrees } from '../routes/search-routes.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { registerLinkedInInbox, registerLinkedInMessenger } from './linkedin-inbox.ts';
import { installLinkedInErrors, LinkedInRefusal } from './linkedin-refusal.ts';
import { registerLinkedInSalesNavigator } from './linkedin-sales-navigator.ts';
import { registerLinkedInSession, requireApiSession, requirePageSession } from './linkedin-session.ts';
import { distanceOf, personOfProfileUrn, toDialectMember } from './to-dialect.ts';

const voyager = '/voyager/api';
const hex = () => randomBytes(16).toString('hex');

/** What LinkedIn's bodies carry, read loosely as the site does (unknown fields are ignored) but typed. */
const invitationBodySchema = z.object({
  invitee: z.object({ inviteeUnion: z.object({ memberProfile: z.string() }) }),
  customMessage: z.string().max(4000).optional(),
});
const createMessageBodySchema = z.object({
  message: z.object({
    body: z.object({ text: z.string() }),
    conversationUrn: z.string().optional(),
    originToken: z.string().min(1).max(200),
  }),
  hostRecipientUrns: z.array(z.string()).max(1).optional(),
});
const endorsementBodySchema = z.object({ skill: z.object({ name: z.string() }) });
const reactionBodySchema = z.object({ reactionType: postReactionTypeSchema });

/** Messenger sends JSON as text/plain (reference §0); other calls send application/json. */
export function jsonBodyOf(request: FastifyRequest): unknown {
  if (typeof request.body !== 'string') return request.body ?? {};
  try {
    return JSON.parse(request.body);
  } catch {
    throw new LinkedInRefusal(400);
  }
}

/**
 * Messenger's text/plain bodies are read as text in the facade's own scope. The product server that
 * mounts the sandbox removes Fastify's text/plain parser for its JSON routes (a text/plain body is
 * a 415 there), and a scope inherits its parent's parsers: without this, every messenger action
 * (send, edit, recall, react, mark) answered 415 before reaching the facade when mounted, while the
 * sandbox on its own (Fastify's defaults) took them.
 */
function acceptMessengerText(app: FastifyInstance) {
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

export function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(jsonBodyOf(request));
  if (!parsed.success) throw new LinkedInRefusal(400);
  return parsed.data;
}

const queryNumber = (request: FastifyRequest, name: string, fallback: number) => {
  const value = Number((request.query as Record<string, string | undefined>)[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new LinkedInRefusal(400);
  return value;
};
const queryText = (request: FastifyRequest, name: string) =>
  (request.query as Record<string, string | undefined>)[name];

/** The cluster search's variables as the import search the sandbox runs (people, event, group). */
function importSearchOf(variables: ReturnType<typeof readSearchVariables>): ImportSearch {
  const values = (key: string) => variables.parameters.get(key) ?? [];
  const filters = {
    ...(variables.keywords ? { keywords: variables.keywords } : {}),
    network: values('network').filter((code): code is NetworkCode => ['F', 'S', 'O'].includes(code)),
    geoUrns: values('geoUrn'),
    companies: values('currentCompany'),
    industries: values('industry'),
    schools: values('schools'),
  };
  const [groupId] = values('groupMembership');
  if (groupId) return { kind: 'group_members', groupId };
  const [eventId] = values('eventAttending');
  if (eventId) return { kind: 'event_attendees', eventId, filters };
  return { kind: 'people_search', filters };
}

/**
 * The sandbox network answering in linkedin.com's dialect (reference/network-api.md), over its
 * SAME state: the members, sessions, invitations, messages and marks the sandbox's own routes
 * read and write (kept in sandbox_network.facts). Each call runs the sandbox's action and writes
 * the answer with the one implementation of the dialect (@outpilot/agent/linkedin-dialect), so
 * NETWORK=linkedin pointed at <PUBLIC_URL>/sandbox/linkedin runs the product through the real
 * LinkedIn adapter. Registered inside the sandbox plugin, under its own error handler; its routes
 * are hidden from the product's API document (they are LinkedIn's, not ours).
 */
export async function registerLinkedInFacade(app: FastifyInstance, context: SandboxContext): Promise<void> {
  const basePath = app.prefix;
  const queryIds = createQueryIds(hex);
  installLinkedInErrors(app);
  acceptMessengerText(app);
  // LinkedIn's routes, not the product's: left out of the product's API document and its sweep.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true } as FastifySchema;
  });
  registerLinkedInSession(app, context, basePath);

  // Pages: the feed (it loads the bundle naming the query ids) and profile views.
  app.get('/feed/', async (request, reply) => {
    requirePageSession(context, basePath, request);
    return reply.type('text/html; charset=utf-8').send(queryIds.feedPage(`${basePath}${bundlePath}`));
  });
  app.get(bundlePath, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(queryIds.bundle()),
  );
  app.get('/in/:slug/', async (request, reply) => {
    const { member } = requirePageSession(context, basePath, request);
    const { slug } = request.params as { slug: string };
    visitProfile(context, member, slug);
    return reply.type('text/html; charset=utf-8').send('<!doctype html><title>Profile</title>');
  });

  const person = (member: Person, slug: string) => findTarget(context, member, { publicIdentifier: slug });

  app.get(`${voyager}/me`, async (request) => {
    const { member } = requireApiSession(context, request);
    return meAnswer(toDialectMember(member));
  });

  app.get(`${voyager}/identity/dash/profiles`, async (request) => {
    const { member } = requireApiSession(context, request);
    const slug = queryText(request, 'memberIdentity');
    if (queryText(request, 'q') !== 'memberIdentity' || !slug) throw new LinkedInRefusal(400);
    context.faults.maybeFail('profiles.get');
    const profile = getProfileDetails(context, member, slug);
    return profileAnswer(toDialectMember(person(member, slug)), {
      distance: distanceOf[profile.degree],
      pendingInvitationId: profile.relationship.invitationId,
      following: profile.relationship.following,
    });
  });

  app.get(`${voyager}/identity/profiles/:slug/profileContactInfo`, async (request) => {
    const { member } = requireApiSession(context, request);
    const { slug } = request.params as { slug: string };
    const { contactInfo } = getProfileDetails(context, member, slug);
    return contactInfoAnswer(contactInfo.email, contactInfo.websites);
  });

  app.get(`${voyager}/identity/profiles/:slug/skills`, async (request) => {
    const { member } = requireApiSession(context, request);
    const { slug } = request.params as { slug: string };
    return skillsAnswer(toDialectMember(person(member, slug)), listSkills(context, member, slug).skills);
  });

  app.post(`${voyager}/identity/profiles/:slug/normEndorsements`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    const { slug } = request.params as { slug: string };
    const { skill } = parseBody(endorsementBodySchema, request);
    endorseSkill(context, member, slug, skill.name);
    return reply.status(201).send({});
  });

  app.get(`${voyager}/identity/profileUpdatesV2`, async (request) => {
    const { member } = requireApiSession(context, request);
    const owner = personOfProfileUrn(context, queryText(request, 'profileUrn'));
    const { posts } = listRecentPosts(context, member, owner.publicIdentifier);
    return postsAnswer(
      posts.map((post) => ({
        id: post.postId,
        text: post.text ?? '',
        createdAt: Date.parse(post.createdAt),
      })),
    );
  });

  app.post(`${voyager}/voyagerSocialDashReactions`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    const postId = /^urn:li:activity:(\d+)$/.exec(queryText(request, 'threadUrn') ?? '')?.[1];
    const { reactionType } = parseBody(reactionBodySchema, request);
    if (!postId) throw new LinkedInRefusal(400);
    reactToPost(context, member, postId, reactionType);
    return reply.status(201).send({});
  });

  app.post(`${voyager}/feed/dash/followingStates/:urn`, async (request) => {
    const { member } = requireApiSession(context, request);
    const { urn } = request.params as { urn: string };
    const profileUrn = urn.replace(/^urn:li:fsd_followingState:/, '');
    followMember(context, member, personOfProfileUrn(context, profileUrn).entityId);
    return {};
  });

  // Search: the cluster search (people, event, group); Sales Navigator's in linkedin-sales-navigator.ts.
  const graphql = async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = requireApiSession(context, request);
    const query = queryIds.nameOf(queryText(request, 'queryId') ?? '');
    // New bundles shipped since the client read them: a 400 without a code.
    if (!query) return reply.status(400).send(unknownQueryIdBody);
    const variables = queryText(request, 'variables') ?? '';
    if (query === 'voyagerSearchDashClusters') return clusterSearch(signedIn.member, variables);
    const origin = `${request.protocol}://${request.host}`;
    if (query === 'messengerConversations') return conversations(signedIn.member, variables);
    return messages(signedIn.member, variables, origin);
  };
  app.get(`${voyager}/graphql`, graphql);
  app.get(`${voyager}/voyagerMessagingGraphQL/graphql`, graphql);

  function clusterSearch(member: Person, text: string) {
    const variables = readSearchVariables(text);
    // Basic search pages are at most 49 long (reference §2.1).
    const page = { start: variables.start, count: Math.min(Math.max(variables.count, 1), 49) };
    try {
      const found = withCurrentDegrees(
        context,
        member,
        context.peopleSearch.searchFor(member, importSearchOf(variables), page),
      );
      return searchAnswer({
        ...page,
        total: found.total,
        hits: found.elements.map(
          (hit): DialectSearchHit =>
            hit.invisible
              ? { private: true }
              : {
                  member: toDialectMember(context.population.findByEntityId(hit.entityId) as Person),
                  distance: distanceOf[hit.degree],
                },
        ),
      });
    } catch (error) {
      // LinkedIn answers a search that finds nobody with an empty page (reference §2.2).
      if (error instanceof SandboxError && error.name === 'EmptySearchPage')
        return searchAnswer({ ...page, total: 0, hits: [] });
      throw error;
    }
  }

  registerLinkedInSalesNavigator(app, context);

  // Invitations and connections.
  app.post(`${voyager}/voyagerRelationshipsDashMemberRelationships`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    if (queryText(request, 'action') !== 'verifyQuotaAndCreateV2') throw new LinkedInRefusal(400);
    const body = parseBody(invitationBodySchema, request);
    const invitee = personOfProfileUrn(context, body.invitee.inviteeUnion.memberProfile);
    // A pending invitation asked again is answered again (a retried call must not fail the step).
    const { invitation } = sendInvitation(context, member, {
      entityId: invitee.entityId,
      ...(body.customMessage === undefined ? {} : { message: body.customMessage }),
    });
    const created = invitationCreated(invitation.invitationId, invitee.entityId);
    return reply.header('location', created.location).send(created.body);
  });

  app.get(`${voyager}/relationships/sentInvitationViewsV2`, async (request) => {
    const { member } = requireApiSession(context, request);
    const start = queryNumber(request, 'start', 0);
    const count = Math.min(queryNumber(request, 'count', 10), 100);
    const page = listSentInvitations(context, member).invitations.slice(start, start + count);
    return sentInvitationsAnswer(
      start,
      count,
      page.flatMap((invitation) => {
        const to = context.population.findByEntityId(invitation.entityId);
        return to
          ? [
              {
                id: invitation.invitationId,
                sentTime: Date.parse(invitation.sentAt),
                message: invitation.message,
                to: toDialectMember(to),
              },
            ]
          : [];
      }),
      () => hex().slice(0, 8),
    );
  });

  app.post(`${voyager}/voyagerRelationshipsDashInvitations/:urn`, async (request) => {
    const { member } = requireApiSession(context, request);
    const { urn } = request.params as { urn: string };
    const invitationId = /^urn:li:fsd_invitation:(.+)$/.exec(urn)?.[1];
    if (!invitationId || queryText(request, 'action') !== 'withdraw') throw new LinkedInRefusal(400);
    withdrawInvitation(context, member, invitationId);
    return { value: { statusCode: 200 } };
  });

  app.get(`${voyager}/relationships/dash/connections`, async (request) => {
    const { member } = requireApiSession(context, request);
    const start = queryNumber(request, 'start', 0);
    const count = Math.min(queryNumber(request, 'count', 40), 100);
    // RECENTLY_ADDED: newest first.
    const page = listNewConnections(context, member)
      .connections.reverse()
      .slice(start, start + count);
    return connectionsAnswer(
      page.flatMap((connection) => {
        const other = context.population.findByEntityId(connection.entityId);
        return other
          ? [{ member: toDialectMember(other), createdAt: Date.parse(connection.connectedAt) }]
          : [];
      }),
    );
  });

  // Messaging: the inbox as the messenger's queries show it (linkedin-inbox.ts).
  const messenger = registerLinkedInMessenger(app, context, { ownConversationId });
  const conversations = messenger.conversations;
  const messages = messenger.messages;

  /** The sandbox id of a conversation or message URN of the member's own mailbox; 404 otherwise. */
  function ownConversationId(member: Person, urn: string | undefined): string {
    const read = urn ? messengerUrns.read(urn) : undefined;
    if (!read || read.mailboxId !== member.entityId) throw new LinkedInRefusal(404);
    return read.id;
  }

  const inbox = registerLinkedInInbox(app, context, { ownConversationId, parseBody });
  app.post(`${voyager}/voyagerMessagingDashMessengerMessages`, async (request, reply) => {
    const { member } = requireApiSession(context, request);
    const action = queryText(request, 'action') ?? '';
    if (action !== 'createMessage') {
      const other = Object.hasOwn(inbox.messageActions, action) ? inbox.messageActions[action] : undefined;
      if (!other) throw new LinkedInRefusal(400);
      return other(member, request, reply);
    }
    const body = parseBody(createMessageBodySchema, request);
    // originToken is LinkedIn's idempotency key: the same token answers the first delivery again.
    const tokenKey = `linkedin-origin-token:${body.message.originToken}`;
    const kept = context.network.peek(member.index)?.storedResponses.get(tokenKey);
    if (kept) return reply.type('application/json').send(kept.body);
    const conversationId = body.message.conversationUrn
      ? ownConversationId(member, body.message.conversationUrn)
      : undefined;
    const recipient = conversationId
      ? context.population.people[context.network.findConversation(conversationId)?.personIndex ?? -1]
      : personOfProfileUrn(context, body.hostRecipientUrns?.[0]);
    if (!recipient) throw new LinkedInRefusal(404);
    const text = body.message.body.text.trim();
    if (!text) throw new LinkedInRefusal(400);
    const sent = sendMessage(context, member, {
      entityId: recipient.entityId,
      text,
      ...(conversationId ? { conversationId } : {}),
    });
    const answer = JSON.stringify(
      messageCreatedAnswer({
        entityUrn: messengerUrns.message(member.entityId, sent.messageId),
        conversationUrn: messengerUrns.conversation(member.entityId, sent.conversationId),
        deliveredAt: Date.parse(sent.deliveredAt),
      }),
    );
    context.network.storeResponse(member.index, tokenKey, {
      route: 'linkedin:createMessage',
      status: 200,
      body: answer,
    });
    return reply.type('application/json').send(answer);
  });
}
