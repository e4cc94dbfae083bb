import type { DialectDistance, DialectMember } from '@outpilot/agent/linkedin-dialect';
import type { ConnectionDegree } from '@outpilot/contracts';
import { summaryOf } from '../behaviour/person-content.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { LinkedInRefusal } from './linkedin-refusal.ts';

/** A sandbox member as LinkedIn's answers show one. */
export function toDialectMember(person: Person): DialectMember {
  const { city, region, country } = person.location;
  return {
    id: person.entityId,
    slug: person.publicIdentifier,
    firstName: person.firstName,
    lastName: person.lastName,
    headline: person.headline,
    location: `${city}, ${region}, ${country}`,
    company: person.company,
    title: person.title,
    summary: summaryOf(person),
    industry: person.industry,
    school: person.school,
    premium: person.isPremium,
    memberNumber: person.memberId,
  };
}

export const distanceOf: Record<ConnectionDegree, DialectDistance> = {
  SELF: 'SELF',
  FIRST: 'DISTANCE_1',
  SECOND: 'DISTANCE_2',
  THIRD: 'DISTANCE_3',
  OUT_OF_NETWORK: 'OUT_OF_NETWORK',
};

/** The member a urn:li:fsd_profile:<ACo> names; LinkedIn answers 404 for anyone else. */
export function personOfProfileUrn(context: SandboxContext, urn: string | undefined): Person {
  const person = urn?.startsWith('urn:li:fsd_profile:')
    ? context.population.findByEntityId(urn.slice('urn:li:fsd_profile:'.length))
    : undefined;
  if (!person) throw new LinkedInRefusal(404);
  return person;
}
