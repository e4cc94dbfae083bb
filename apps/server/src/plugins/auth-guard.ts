import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthContext, authenticate, bearerTokenOf } from '../auth/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid Bearer access token of a live session, or 403 NotAuthorized. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like requireAuth, but a missing or bad token just leaves request.auth null. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function registerAuthGuard(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): void {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    request.auth = await authenticate(deps, bearerTokenOf(request.headers.authorization));
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearerTokenOf(request.headers.authorization);
    if (!token) return;
    try {
      request.auth = await authenticate(deps, token);
    } catch (error) {
      if (!(error instanceof NotAuthorizedError)) throw error;
    }
  });
}

/** The authenticated caller of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new NotAuthorizedError();
  return request.auth;
}
