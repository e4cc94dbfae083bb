import type { LinkedNetworkProfile, NetworkProfilesResponse } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';

/** GET network-profiles: the workspace's linked network profile, if any (one at most). */
export async function listNetworkProfiles(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string },
): Promise<NetworkProfilesResponse> {
  const [row] = await deps.db
    .select({
      entityId: personas.networkEntityId,
      publicIdentifier: personas.networkPublicIdentifier,
      givenName: personas.networkGivenName,
      familyName: personas.networkFamilyName,
      picture: personas.networkPicture,
    })
    .from(personas)
    .where(eq(personas.id, input.personaId))
    .limit(1);
  if (!row) throw new NotFoundError('Workspace not found');
  const documents: LinkedNetworkProfile[] =
    row.entityId !== null && row.publicIdentifier !== null
      ? [
          {
            entityId: row.entityId,
            publicIdentifier: row.publicIdentifier,
            givenName: row.givenName ?? '',
            familyName: row.familyName ?? '',
            picture: row.picture,
          },
        ]
      : [];
  return { documents, total: documents.length };
}
