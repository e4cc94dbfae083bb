import { z } from 'zod';
import { tokenPairSchema } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';

/*
 * Member sessions (seed 000 §4, "sign in under a team member"): part of the team area (team.ts
 * lists them among teamEndpoints), apart so the agent's API client names them without the rest
 * of the team's and billing's schemas, which the sign-in screen does not need (issue 26).
 */

/** "Sign in under a team member (by persona id)" and "stop member session": paths not shown. */
export const memberSessionPaths = {
  impersonate: '/team/personas/:id/sign-in',
  stopImpersonation: '/team/member-session/stop',
} as const;

export const memberNotFoundMessage = 'Team member not found';

export const memberIdParamsSchema = z.object({ id: z.uuid({ error: memberNotFoundMessage }) });

/** Sign in under a member: an access token only (no refresh token: it cannot be renewed). */
export const impersonationResponseSchema = tokenPairSchema
  .omit({ refreshToken: true })
  .extend({ memberPersonaId: z.string() });
export type ImpersonationResponse = z.infer<typeof impersonationResponseSchema>;

const teamCall = { service: 'api', access: 'user', tags: ['team'] } as const;

export const memberSessionEndpoints = {
  impersonate: defineEndpoint({
    ...teamCall,
    errors: ['NotFound', 'UnprocessableEntity'],
    method: 'POST',
    path: memberSessionPaths.impersonate,
    summary: 'Sign in under a team member: a short-lived access token naming both, not refreshable',
    params: memberIdParamsSchema,
    answers: { 200: impersonationResponseSchema },
  }),
  stopImpersonation: defineEndpoint({
    ...teamCall,
    errors: ['UnprocessableEntity'],
    method: 'POST',
    path: memberSessionPaths.stopImpersonation,
    summary: 'Stop the member session the token belongs to',
    answers: { 204: z.null() },
  }),
};
