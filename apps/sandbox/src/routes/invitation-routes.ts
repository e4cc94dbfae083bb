import {
  connectionsResponseSchema,
  sandboxActionPaths,
  sandboxInvitationSchema,
  sandboxSinceQuerySchema,
  sendInvitationRequestSchema,
  sentInvitationsResponseSchema,
  withdrawInvitationResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listNewConnections, listSentInvitations } from '../actions/list-invitations.ts';
import { sendInvitation } from '../actions/send-invitation.ts';
import { withdrawInvitation } from '../actions/withdraw-invitation.ts';
import { readInput } from '../http/read-input.ts';
import { drawsFaults, routeDocs, signedIn } from '../http/route-docs.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const invitationParamsSchema = z.object({ invitationId: z.string().min(1).max(100) });

export function registerInvitationRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(
    sandboxActionPaths.invitations,
    routeDocs({
      summary: 'Invite a member to connect (an invitation still pending is answered again, 200)',
      body: sendInvitationRequestSchema,
      answers: {
        201: { description: 'Sent', schema: sandboxInvitationSchema },
        200: { description: 'Already pending: the pending invitation', schema: sandboxInvitationSchema },
      },
      refusals: [...signedIn, ...drawsFaults, 400, 404, 422],
    }),
    async (request, reply) => {
      const { member } = requireSignedIn(context, request);
      const input = readInput(request, 'body', sendInvitationRequestSchema);
      const { invitation, created } = sendInvitation(context, member, input);
      return reply.status(created ? 201 : 200).send(invitation);
    },
  );

  app.get(
    sandboxActionPaths.sentInvitations,
    routeDocs({
      summary: 'Invitations still pending, newest first',
      answers: { 200: { description: 'The pending invitations', schema: sentInvitationsResponseSchema } },
      refusals: signedIn,
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      return listSentInvitations(context, member);
    },
  );

  app.post(
    '/api/invitations/:invitationId/withdraw',
    routeDocs({
      summary: 'Withdraw a pending invitation (again: the first withdrawal)',
      params: invitationParamsSchema,
      answers: { 200: { description: 'Withdrawn', schema: withdrawInvitationResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 400, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { invitationId } = readInput(request, 'params', invitationParamsSchema);
      return withdrawInvitation(context, member, invitationId);
    },
  );

  app.get(
    sandboxActionPaths.connections,
    routeDocs({
      summary: 'Connections made by accepted invitations, oldest first, from `since` on',
      querystring: sandboxSinceQuerySchema,
      answers: { 200: { description: 'The connections', schema: connectionsResponseSchema } },
      refusals: [...signedIn, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { since } = readInput(request, 'query', sandboxSinceQuerySchema);
      return listNewConnections(context, member, since ? new Date(since) : undefined);
    },
  );
}
