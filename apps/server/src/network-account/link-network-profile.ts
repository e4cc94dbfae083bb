import { type AppProfile, type LinkNetworkProfileRequest, networkAccountMessages } from '@outpilot/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { isUniqueViolation } from '../db/is-unique-violation.ts';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { getProfile } from '../profile/get-profile.ts';

/**
 * POST network-profiles: links the network profile the agent captured to the caller's workspace,
 * once and for good. The capture is trusted as the schema checked it: the server has no network
 * session of the user to verify it with. One statement decides, so concurrent calls stay safe:
 * it only writes a workspace with no link yet (else 422, even for the same profile), and the
 * unique index on network_entity_id refuses a profile another workspace holds (409).
 */
export async function linkNetworkProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    userId: string;
    personaId: string;
    accessTokenExpiresAt: Date;
    profile: LinkNetworkProfileRequest;
  },
): Promise<AppProfile> {
  const { profile } = input;
  let linked: { id: string }[];
  try {
    linked = await deps.db
      .update(personas)
      .set({
        networkEntityId: profile.entityId,
        networkPublicIdentifier: profile.publicIdentifier,
        networkGivenName: profile.givenName,
        networkFamilyName: profile.familyName,
        networkPicture: profile.picture,
      })
      .where(and(eq(personas.id, input.personaId), isNull(personas.networkEntityId)))
      .returning({ id: personas.id });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError('ProfileAlreadyUsed', networkAccountMessages.profileAlreadyUsed, error);
    }
    throw error;
  }
  if (linked.length === 0) throw new ValidationError('entityId', networkAccountMessages.alreadyLinked);
  return getProfile(deps, input);
}
