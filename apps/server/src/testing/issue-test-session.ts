import type { TokenPair } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { issueSession } from '../auth/issue-session.ts';
import { type CreateAccountOptions, createAccount, type TestAccount } from './create-account.ts';

/** Signs an account in without the identity provider: a real session and token pair, as after a sign-in. */
export function issueTestSession(
  app: FastifyInstance,
  account: { userId: string; personaId: string },
): Promise<TokenPair> {
  return issueSession({ db: app.db, clock: app.clock, config: app.config }, account);
}

/** A new account (createAccount's options), signed in: the account and its access token. */
export async function signInNewAccount(
  server: { app: FastifyInstance },
  options: CreateAccountOptions = {},
): Promise<{ account: TestAccount; token: string }> {
  const account = await createAccount(server.app.db, options);
  const { accessToken } = await issueTestSession(server.app, account);
  return { account, token: accessToken };
}
