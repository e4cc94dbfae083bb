import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

export type E2eAccount = { email: string; name: string };

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Creates an account through the shared factories of @outpilot/server/testing, reached over the
 * e2e server's own test-support route (mounted by e2e/support only, never by the product).
 */
export async function createOnboardedAccount(request: APIRequestContext, label: string): Promise<E2eAccount> {
  const account = { email: uniqueEmail(label), givenName: 'Olivia', familyName: 'Onboarded' };
  const response = await request.post('/__e2e/accounts', { data: { ...account, onboarded: true } });
  if (!response.ok())
    throw new Error(`Creating the e2e account failed: ${response.status()} ${await response.text()}`);
  return { email: account.email, name: `${account.givenName} ${account.familyName}` };
}
