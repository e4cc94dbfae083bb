import { trialDays } from '@outpilot/contracts';
import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../db/is-unique-violation.ts';
import { personas, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { OidcIdentity } from './oidc-client.ts';

/** Finds the user by identity-provider subject (or else by e-mail), refreshes its names, and makes sure it has a workspace. */
export async function upsertUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  identity: OidcIdentity,
): Promise<{ userId: string; personaId: string }> {
  try {
    return await upsertOnce(deps, identity);
  } catch (error) {
    // Two first sign-ins of one person raced: the other one created the user, so this attempt finds it.
    if (isUniqueViolation(error)) return upsertOnce(deps, identity);
    throw error;
  }
}

async function upsertOnce(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  identity: OidcIdentity,
): Promise<{ userId: string; personaId: string }> {
  const now = deps.clock.now();
  const email = identity.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.oidcSubject} = ${identity.subject} OR lower(${users.email}) = ${email}`)
      .orderBy(sql`${users.oidcSubject} = ${identity.subject} DESC`)
      .limit(1)
      .for('update');
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx
        .update(users)
        .set({
          email,
          oidcSubject: identity.subject,
          ...(identity.givenName ? { givenName: identity.givenName } : {}),
          ...(identity.familyName ? { familyName: identity.familyName } : {}),
        })
        .where(eq(users.id, userId));
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          oidcSubject: identity.subject,
          givenName: identity.givenName,
          familyName: identity.familyName,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('User insert returned no row');
      userId = created.id;
    }
    const [persona] = await tx
      .select({ id: personas.id })
      .from(personas)
      .where(eq(personas.userId, userId))
      .orderBy(personas.createdAt)
      .limit(1);
    if (persona) return { userId, personaId: persona.id };
    const [createdPersona] = await tx
      .insert(personas)
      .values({ userId, createdAt: now, trialEndsAt: new Date(now.getTime() + trialDays * 86_400_000) })
      .returning({ id: personas.id });
    if (!createdPersona) throw new Error('Persona insert returned no row');
    return { userId, personaId: createdPersona.id };
  });
}
