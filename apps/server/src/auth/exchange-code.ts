import type { ExchangeCodeRequest, ExchangeCodeResponse } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { authRequests } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { authRequestTtlMs } from './create-sign-in-url.ts';
import { issueSession } from './issue-session.ts';
import { upsertUser } from './upsert-user.ts';

const expiredState = 'The sign-in request has expired or was already used. Please, sign in again.';

/** Finishes the sign-in: redeems the state once, exchanges the code, then opens a session. */
export async function exchangeCode(
  deps: AppDeps,
  request: ExchangeCodeRequest,
): Promise<ExchangeCodeResponse> {
  const [pending] = await deps.db
    .delete(authRequests)
    .where(eq(authRequests.state, request.state))
    .returning();
  const now = deps.clock.now();
  if (!pending || now.getTime() - pending.createdAt.getTime() > authRequestTtlMs) {
    throw new ValidationError('state', expiredState);
  }
  const identity = await deps.oidc.exchangeCode({
    code: request.code,
    state: request.state,
    codeVerifier: pending.codeVerifier,
    nonce: pending.nonce,
  });
  const account = await upsertUser(deps, identity);
  const tokens = await issueSession(deps, account);
  return { ...tokens, returnTo: pending.returnTo };
}
