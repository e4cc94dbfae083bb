import {
  apiPaths,
  errorBodySchema,
  exchangeCodeRequestSchema,
  exchangeCodeResponseSchema,
  refreshTokenRequestSchema,
  signInUrlRequestSchema,
  signInUrlResponseSchema,
  tokenPairSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSignInUrl } from '../auth/create-sign-in-url.ts';
import { exchangeCode } from '../auth/exchange-code.ts';
import { refreshSession } from '../auth/refresh-session.ts';
import { signOut } from '../auth/sign-out.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    apiPaths.signInUrl,
    {
      schema: {
        tags,
        summary: 'Start a sign-in with the identity provider (authorization code with PKCE)',
        body: signInUrlRequestSchema,
        response: { 200: signInUrlResponseSchema, 422: errorBodySchema },
      },
    },
    (request) => createSignInUrl(deps, request.body),
  );

  app.post(
    apiPaths.exchangeCode,
    {
      schema: {
        tags,
        summary: 'Exchange the authorization code for an access token and a refresh token',
        body: exchangeCodeRequestSchema,
        response: { 200: exchangeCodeResponseSchema, 422: errorBodySchema },
      },
    },
    (request) => exchangeCode(deps, request.body),
  );

  app.post(
    apiPaths.refreshToken,
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token and get a new access token',
        body: refreshTokenRequestSchema,
        response: { 200: tokenPairSchema, 403: errorBodySchema },
      },
    },
    (request) => refreshSession(deps, request.body.refreshToken),
  );

  app.post(
    apiPaths.signOut,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'Revoke the current session',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      await signOut(deps, authOf(request).sessionId);
      return reply.status(204).send(null);
    },
  );
};
