import type { TokenPair } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { issueSession } from '../auth/issue-session.ts';

/** Signs an account in without the identity provider: a real session and token pair, as after a sign-in. */
export function issueTestSession(
  app: FastifyInstance,
  account: { userId: string; personaId: string },
): Promise<TokenPair> {
  return issueSession({ db: app.db, clock: app.clock, config: app.config }, account);
}
