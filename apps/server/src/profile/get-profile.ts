import type { AppProfile } from '@outpilot/contracts';
import { and, eq } from 'drizzle-orm';
import { loadSubscription, planAccess } from '../billing/load-subscription.ts';
import { personas, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { findMembership } from '../team/team-membership.ts';

/** The app profile of seed 000 §3 for the signed-in user in its workspace. */
export async function getProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    userId: string;
    personaId: string;
    accessTokenExpiresAt: Date;
    /** Set in a member session: the profile is the member's, with impersonatedPersona set. */
    actor?: { personaId: string } | null;
  },
): Promise<AppProfile> {
  const [row] = await deps.db
    .select({ user: users, persona: personas })
    .from(personas)
    .innerJoin(users, eq(users.id, personas.userId))
    .where(and(eq(personas.id, input.personaId), eq(personas.userId, input.userId)))
    .limit(1);
  if (!row) throw new NotFoundError('Profile not found');
  const { user, persona } = row;
  const subscription = await loadSubscription(deps, persona.id);
  const access = planAccess(subscription);
  const membership = await findMembership(deps.db, persona.id);
  const teamPlan =
    access.isTeamPlanAccessible ||
    (membership !== null &&
      membership.role !== 'user' &&
      planAccess(await loadSubscription(deps, membership.ownerPersonaId)).isTeamPlanAccessible);
  const linked =
    persona.networkEntityId !== null && persona.networkPublicIdentifier !== null
      ? {
          entityId: persona.networkEntityId,
          publicIdentifier: persona.networkPublicIdentifier,
          givenName: persona.networkGivenName ?? '',
          familyName: persona.networkFamilyName ?? '',
          picture: persona.networkPicture,
        }
      : null;
  return {
    id: user.id,
    email: user.email,
    givenName: user.givenName,
    familyName: user.familyName,
    isBackendAutomation: persona.automationMode === 'cloud',
    isBetaUser: persona.isBetaUser,
    impersonatedPersona: input.actor ? persona.id : null,
    subscriptionIsActive: access.subscriptionIsActive,
    subscriptionOwnerId: subscription.ownerId,
    personaId: persona.id,
    teamId: membership?.teamId ?? null,
    teamRole: membership?.role ?? null,
    timezoneOffset: persona.timezoneOffset,
    workingHoursSet: persona.workingHours !== null,
    accessTokenExpiresAt: input.accessTokenExpiresAt.toISOString(),
    isTeamPlanAccessible: teamPlan,
    isProPlanAccessible: access.isProPlanAccessible,
    exceedLinkedInInvitationsLimit:
      persona.invitationsBlockedUntil !== null && deps.clock.now() < persona.invitationsBlockedUntil,
    onBoarding: persona.onboarding,
    runningActivitiesEnabled: true,
    linkedInProfile: linked,
  };
}
