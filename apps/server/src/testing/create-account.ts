import { randomBytes, randomUUID } from 'node:crypto';
import { trialDays } from '@outpilot/contracts';
import { type Clock, systemClock } from '@outpilot/domain';
import type { Database } from '../db/create-database.ts';
import { personas, users, type WorkingHours } from '../db/schema.ts';

export type CreateAccountOptions = {
  email?: string;
  givenName?: string;
  familyName?: string;
  /** true: a linked network profile, timezone offset 0 and working hours Mon-Fri 09:00-19:00 set. */
  onboarded?: boolean;
  /** Trial start and created_at; defaults to the system clock. */
  clock?: Clock;
};

export type TestAccount = {
  userId: string;
  personaId: string;
  email: string;
  givenName: string;
  familyName: string;
  /** The linked network profile's entity id when onboarded, else null. */
  networkEntityId: string | null;
  networkPublicIdentifier: string | null;
};

const nineToSeven = [{ start: 9 * 60, duration: 10 * 60 }];

export const weekdaysNineToSeven: WorkingHours = {
  monday: nineToSeven,
  tuesday: nineToSeven,
  wednesday: nineToSeven,
  thursday: nineToSeven,
  friday: nineToSeven,
  saturday: [],
  sunday: [],
};

/** Creates a user and its workspace (persona), fresh and unique for each call. */
export async function createAccount(db: Database, options: CreateAccountOptions = {}): Promise<TestAccount> {
  const now = (options.clock ?? systemClock).now();
  const suffix = randomUUID().slice(0, 8);
  const email = (options.email ?? `user-${suffix}@example.test`).trim().toLowerCase();
  const givenName = options.givenName ?? 'Test';
  const familyName = options.familyName ?? `User ${suffix}`;
  const onboarded = options.onboarded ?? false;
  const networkEntityId = onboarded ? `ACoAA${randomBytes(12).toString('hex')}` : null;
  const networkPublicIdentifier = onboarded
    ? `${`${givenName}-${familyName}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}`
    : null;

  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, givenName, familyName, oidcSubject: email, createdAt: now })
      .returning({ id: users.id });
    if (!user) throw new Error('createAccount: user insert returned no row');
    const [persona] = await tx
      .insert(personas)
      .values({
        userId: user.id,
        createdAt: now,
        trialEndsAt: new Date(now.getTime() + trialDays * 86_400_000),
        ...(onboarded
          ? {
              timezoneOffset: 0,
              workingHours: weekdaysNineToSeven,
              onboarding: false,
              networkEntityId,
              networkPublicIdentifier,
              networkGivenName: givenName,
              networkFamilyName: familyName,
              networkPicture: null,
            }
          : {}),
      })
      .returning({ id: personas.id });
    if (!persona) throw new Error('createAccount: persona insert returned no row');
    return {
      userId: user.id,
      personaId: persona.id,
      email,
      givenName,
      familyName,
      networkEntityId,
      networkPublicIdentifier,
    };
  });
}
