import { type SandboxSessionResponse, sandboxPaths, sandboxSessionRequestSchema } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { memberNotFound } from '../http/sandbox-error.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import { findSignedIn, requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { findMemberByEmail } from '../sessions/find-member-by-email.ts';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.ts';

export function registerSessionRoutes(app: FastifyInstance, context: SandboxContext): void {
  const cookiePath = context.basePath || '/';

  app.post(sandboxPaths.session, async (request, reply) => {
    const input = sandboxSessionRequestSchema.parse(request.body ?? {});
    const member =
      'email' in input
        ? findMemberByEmail(context.population, input.email)
        : context.population.findByPublicIdentifier(input.publicIdentifier);
    if (!member) throw memberNotFound();
    const previous = findSignedIn(context, request);
    if (previous) context.sessions.remove(previous.session.id);
    const session = context.sessions.create(member.index);
    setSessionCookie(reply, session.id, cookiePath);
    const body: SandboxSessionResponse = {
      sessionId: session.id,
      profile: toNetworkProfile(member, 'SELF', context.basePath),
    };
    return reply.status(201).send(body);
  });

  app.get(sandboxPaths.me, async (request) => {
    const { member } = requireSignedIn(context, request);
    return toNetworkProfile(member, 'SELF', context.basePath);
  });

  app.delete(sandboxPaths.session, async (request, reply) => {
    const signedIn = findSignedIn(context, request);
    if (signedIn) context.sessions.remove(signedIn.session.id);
    clearSessionCookie(reply, cookiePath);
    return reply.status(204).send();
  });
}
