import type { SandboxProfile, SandboxProfileDetails } from '@outpilot/contracts';
import { contactInfoOf, positionStartOf, summaryOf } from '../behaviour/person-content.ts';
import { degreeBetween, relationshipOf } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import { toNetworkProfile } from '../population/to-network-profile.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findTarget } from './find-target.ts';

/** A profile as the member sees it now: degree 1 once an invitation was accepted, and a pending flag. */
export function getProfile(
  context: SandboxContext,
  member: Person,
  publicIdentifier: string,
): SandboxProfile {
  const person = findTarget(context, member, { publicIdentifier });
  const now = context.clock.now();
  return {
    ...toNetworkProfile(person, degreeBetween(context, member, person, now), context.basePath),
    relationship: relationshipOf(context, member, person, now),
  };
}

/** The profile with the sections a scrape reads; the e-mail only for 1st-degree connections. */
export function getProfileDetails(
  context: SandboxContext,
  member: Person,
  publicIdentifier: string,
): SandboxProfileDetails {
  const profile = getProfile(context, member, publicIdentifier);
  const person = findTarget(context, member, { publicIdentifier });
  const seed = context.population.seed;
  const contact = contactInfoOf(seed, person);
  const seesEmail = profile.degree === 'FIRST' || profile.degree === 'SELF';
  return {
    ...profile,
    industry: person.industry,
    summary: summaryOf(person),
    positions: [
      {
        title: person.title,
        companyName: person.company,
        startedAt: positionStartOf(seed, person, context.startedAt).toISOString(),
      },
    ],
    education: [{ schoolName: person.school }],
    skills: [...person.skills],
    contactInfo: { email: seesEmail ? contact.email : null, websites: contact.websites },
  };
}
