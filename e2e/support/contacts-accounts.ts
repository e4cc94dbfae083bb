import type { APIRequestContext } from '@playwright/test';
import { type E2eAccount, uniqueEmail } from './accounts.ts';

export type E2eContactsAccount = E2eAccount & { personaId: string; importListId: string | null };

/**
 * An onboarded account whose workspace already holds `contacts` generated contacts (the shared
 * createContacts factory), optionally tagged with one import list.
 */
export async function createAccountWithContacts(
  request: APIRequestContext,
  label: string,
  contacts: number,
  /**
   * plan: a paid plan as if bought (the trial has Basic's features only); premiumContacts: how many
   * of the contacts, the first ones made, have a Premium network account (the grid's 'Premium' chip).
   */
  options: { importListName?: string; plan?: 'basic' | 'pro' | 'team'; premiumContacts?: number } = {},
): Promise<E2eContactsAccount> {
  const account = { email: uniqueEmail(label), givenName: 'Clara', familyName: 'Contacts' };
  const response = await request.post('/__e2e/contacts-accounts', {
    data: { ...account, onboarded: true, contacts, ...options },
  });
  if (!response.ok())
    throw new Error(`Creating the e2e account failed: ${response.status()} ${await response.text()}`);
  const created = (await response.json()) as { personaId: string; importListId: string | null };
  return {
    email: account.email,
    name: `${account.givenName} ${account.familyName}`,
    personaId: created.personaId,
    importListId: created.importListId,
  };
}
