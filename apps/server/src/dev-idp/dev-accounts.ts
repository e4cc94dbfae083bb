import { eq } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { devIdpAccounts } from '../db/schema.ts';

export type DevAccount = { accountId: string; email: string; givenName: string; familyName: string };

export async function findDevAccount(db: Database, accountId: string): Promise<DevAccount | undefined> {
  const [row] = await db
    .select()
    .from(devIdpAccounts)
    .where(eq(devIdpAccounts.accountId, accountId))
    .limit(1);
  return row
    ? { accountId: row.accountId, email: row.email, givenName: row.givenName, familyName: row.familyName }
    : undefined;
}

/** Creates or updates the development account; accountId is the lower-cased e-mail. */
export async function saveDevAccount(db: Database, account: DevAccount, now: Date): Promise<void> {
  await db
    .insert(devIdpAccounts)
    .values({ ...account, createdAt: now })
    .onConflictDoUpdate({
      target: devIdpAccounts.accountId,
      set: { email: account.email, givenName: account.givenName, familyName: account.familyName },
    });
}

/** Splits "Ada Lovelace" into given and family names; without a name, guesses from the e-mail's local part. */
export function namesOf(name: string, email: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) return { givenName: words[0] ?? '', familyName: words.slice(1).join(' ') };
  const local = email.split('@')[0] ?? '';
  const parts = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return { givenName: parts[0] ?? local, familyName: parts.slice(1).join(' ') };
}
