import {
  acceptInvitationRequestSchema,
  errorBodySchema,
  impersonationResponseSchema,
  inviteRequestSchema,
  memberIdParamsSchema,
  nicknameRequestSchema,
  roleRequestSchema,
  teamAuditLogResponseSchema,
  teamMembersResponseSchema,
  teamNoticeResponseSchema,
  teamPaths,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';
import { acceptInvitation } from '../team/accept-invitation.ts';
import { changeMemberRole } from '../team/change-member-role.ts';
import { impersonateMember } from '../team/impersonate-member.ts';
import { inviteMember } from '../team/invite-member.ts';
import { listAuditLog } from '../team/list-audit-log.ts';
import { listMembers } from '../team/list-members.ts';
import { removeMember } from '../team/remove-member.ts';
import { renameMember } from '../team/rename-member.ts';
import { resendInvitation } from '../team/resend-invitation.ts';
import { stopImpersonation } from '../team/stop-impersonation.ts';

const tags = ['team'];
const security = [{ bearer: [] }];
const noticeAnswers = {
  200: teamNoticeResponseSchema,
  403: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
};

/** The team calls of seed 000 §7, plus member sessions (impersonation), roles and the audit log. */
export const teamRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    teamPaths.members,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's team: members and pending invitations",
        response: { 200: teamMembersResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => listMembers(deps, authOf(request)),
  );

  app.post(
    teamPaths.invite,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Invite an e-mail to the team (a Team-plan persona with no team becomes its owner)',
        body: inviteRequestSchema,
        response: { ...noticeAnswers, 502: errorBodySchema },
      },
    },
    (request) => inviteMember(deps, authOf(request), request.body),
  );

  app.post(
    teamPaths.acceptInvitation,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Join the team an invitation code invites the caller to (single use, expires)',
        body: acceptInvitationRequestSchema,
        response: noticeAnswers,
      },
    },
    (request) => acceptInvitation(deps, authOf(request), request.body),
  );

  app.post(
    teamPaths.resendInvitation,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Send a pending invitation again with a new code',
        params: memberIdParamsSchema,
        response: { ...noticeAnswers, 502: errorBodySchema },
      },
    },
    (request) => resendInvitation(deps, authOf(request), request.params.id),
  );

  app.delete(
    teamPaths.member,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Remove a member or revoke a pending invitation; their access ends at once',
        params: memberIdParamsSchema,
        response: noticeAnswers,
      },
    },
    (request) => removeMember(deps, authOf(request), request.params.id),
  );

  app.put(
    teamPaths.nickname,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Change a member's contact name (at most 50 characters)",
        params: memberIdParamsSchema,
        body: nicknameRequestSchema,
        response: noticeAnswers,
      },
    },
    (request) => renameMember(deps, authOf(request), request.params.id, request.body),
  );

  app.put(
    teamPaths.role,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Make a member a manager or a user (owner only)',
        params: memberIdParamsSchema,
        body: roleRequestSchema,
        response: noticeAnswers,
      },
    },
    (request) => changeMemberRole(deps, authOf(request), request.params.id, request.body),
  );

  app.post(
    teamPaths.impersonate,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Sign in under a team member: a short-lived access token naming both, not refreshable',
        params: memberIdParamsSchema,
        response: {
          200: impersonationResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    (request) => impersonateMember(deps, authOf(request), request.params.id),
  );

  app.post(
    teamPaths.stopImpersonation,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Stop the member session the token belongs to',
        response: { 204: z.null(), 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      await stopImpersonation(deps, authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    teamPaths.auditLog,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The team's log of member sessions and changes (owner only)",
        response: { 200: teamAuditLogResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => listAuditLog(deps, authOf(request)),
  );
};
