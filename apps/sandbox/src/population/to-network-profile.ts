import type { ConnectionDegree, NetworkProfile } from '@outpilot/contracts';
import { sandboxPaths } from '@outpilot/contracts';
import type { Person } from './person.ts';

/**
 * The port's view of a member. `basePath` is where the sandbox is mounted (e.g. /sandbox), so the
 * picture is served by the sandbox itself on the same origin.
 */
export function toNetworkProfile(person: Person, degree: ConnectionDegree, basePath: string): NetworkProfile {
  const { city, region, country } = person.location;
  return {
    entityId: person.entityId,
    publicIdentifier: person.publicIdentifier,
    firstName: person.firstName,
    lastName: person.lastName,
    headline: person.headline,
    picture: person.hasPicture ? `${basePath}${sandboxPaths.avatar(person.entityId)}` : null,
    location: `${city}, ${region}, ${country}`,
    company: person.company,
    degree,
    isPremium: person.isPremium,
    hasSalesNavigator: person.hasSalesNavigator,
  };
}
