import {
  networkProfileSchema,
  type SandboxSessionResponse,
  sandboxPaths,
  sandboxSessionRequestSchema,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { readInput } from '../http/read-input.ts';
import { noContent, routeDocs, signedIn } from '../http/route-docs.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import { findSignedIn, requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.ts';
import { signInMember } from '../sessions/sign-in-member.ts';

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
      const { member, session } = signInMember(context, input, findSignedIn(context, request)?.session.id);
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
