import {
  sandboxActionPaths,
  sandboxSinceQuerySchema,
  sendInvitationRequestSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listNewConnections, listSentInvitations } from '../actions/list-invitations.ts';
import { sendInvitation } from '../actions/send-invitation.ts';
import { withdrawInvitation } from '../actions/withdraw-invitation.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const invitationParamsSchema = z.object({ invitationId: z.string().min(1).max(100) });

export function registerInvitationRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(sandboxActionPaths.invitations, async (request, reply) => {
    const { member } = requireSignedIn(context, request);
    const input = sendInvitationRequestSchema.parse(request.body ?? {});
    const { invitation, created } = sendInvitation(context, member, input);
    return reply.status(created ? 201 : 200).send(invitation);
  });

  app.get(sandboxActionPaths.sentInvitations, async (request) => {
    const { member } = requireSignedIn(context, request);
    return listSentInvitations(context, member);
  });

  app.post('/api/invitations/:invitationId/withdraw', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { invitationId } = invitationParamsSchema.parse(request.params);
    return withdrawInvitation(context, member, invitationId);
  });

  app.get(sandboxActionPaths.connections, async (request) => {
    const { member } = requireSignedIn(context, request);
    const { since } = sandboxSinceQuerySchema.parse(request.query);
    return listNewConnections(context, member, since ? new Date(since) : undefined);
  });
}
