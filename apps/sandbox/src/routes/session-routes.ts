import {
  networkProfileSchema,
  type SandboxSessionResponse,
  sandboxPaths,
  sandboxSessionRequestSchema,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { planInboundConversations } from '../behaviour/inbound-conversations.ts';
import { readInput } from '../http/read-input.ts';
import { noContent, routeDocs, signedIn } from '../http/route-docs.ts';
import { memberNotFound } from '../http/sandbox-error.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import { findSignedIn, requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { findMemberByEmail } from '../sessions/find-member-by-email.ts';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.ts';

export function registerSessionRoutes(app: FastifyInstance, context: SandboxContext): void {
  const cookiePath = context.basePath || '/';

  app.post(
    sandboxPaths.session,
    routeDocs({
      summary: 'Sign in to the network as a member (by public identifier, or the member an e-mail hashes to)',
      body: sandboxSessionRequestSchema,
      answers: {
        201: {
          description: 'Signed in: the session (also set as a cookie)',
          schema: sandboxSessionResponseSchema,
        },
      },
      refusals: [404, 422],
    }),
    async (request, reply) => {
      const input = readInput(request, 'body', sandboxSessionRequestSchema);
      const member =
        'email' in input
          ? findMemberByEmail(context.population, input.email)
          : context.population.findByPublicIdentifier(input.publicIdentifier);
      if (!member) throw memberNotFound();
      const previous = findSignedIn(context, request);
      if (previous) context.sessions.remove(previous.session.id);
      const session = context.sessions.create(member.index);
      planInboundConversations(context, member);
      setSessionCookie(reply, session.id, cookiePath);
      const body: SandboxSessionResponse = {
        sessionId: session.id,
        profile: toNetworkProfile(member, 'SELF', context.basePath),
      };
      return reply.status(201).send(body);
    },
  );

  app.get(
    sandboxPaths.me,
    routeDocs({
      summary: 'The signed-in member',
      answers: { 200: { description: 'The member', schema: networkProfileSchema } },
      refusals: signedIn,
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      return toNetworkProfile(member, 'SELF', context.basePath);
    },
  );

  app.delete(
    sandboxPaths.session,
    routeDocs({ summary: 'Sign out of the network', answers: { 204: noContent }, refusals: [] }),
    async (request, reply) => {
      const signedIn = findSignedIn(context, request);
      if (signedIn) context.sessions.remove(signedIn.session.id);
      clearSessionCookie(reply, cookiePath);
      return reply.status(204).send();
    },
  );
}
