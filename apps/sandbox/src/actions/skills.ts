import { type EndorseSkillResponse, type SkillsResponse, sandboxActionErrorCodes } from '@outpilot/contracts';
import { endorsementCountOf } from '../behaviour/person-content.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import { endorsementKey } from '../network-state/network-state.ts';
import { isConnected } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findOtherMember, findTarget } from './find-target.ts';

export function listSkills(
  context: SandboxContext,
  member: Person,
  publicIdentifier: string,
): SkillsResponse {
  const person = findTarget(context, member, { publicIdentifier });
  const endorsements = context.network.peek(member.index)?.endorsements;
  return {
    skills: person.skills.map((name) => {
      const endorsedByViewer = endorsements?.has(endorsementKey(person.index, name)) ?? false;
      return {
        name,
        endorsementCount:
          endorsementCountOf(context.population.seed, person, name) + (endorsedByViewer ? 1 : 0),
        endorsedByViewer,
      };
    }),
  };
}

/** Endorses one listed skill of a 1st-degree connection; endorsing it again answers the first time. */
export function endorseSkill(
  context: SandboxContext,
  member: Person,
  publicIdentifier: string,
  skill: string,
): EndorseSkillResponse {
  context.faults.maybeFail('skills.endorse');
  const person = findOtherMember(context, member, { publicIdentifier });
  const now = context.clock.now();
  if (!isConnected(context, member, person, now)) {
    throw new SandboxError(
      'NotAuthorized',
      'You can only endorse your 1st-degree connections',
      sandboxActionErrorCodes.notConnected,
    );
  }
  const listed = person.skills.find((name) => name.toLowerCase() === skill.toLowerCase());
  if (!listed) {
    throw new SandboxError(
      'UnprocessableEntity',
      'This member does not list that skill',
      sandboxActionErrorCodes.skillNotFound,
    );
  }
  const known = context.network.peek(member.index)?.endorsements.get(endorsementKey(person.index, listed));
  const record = known ?? { personIndex: person.index, skill: listed, endorsedAt: now };
  if (!known) context.network.addEndorsement(member.index, record);
  return { entityId: person.entityId, skill: listed, endorsedAt: record.endorsedAt.toISOString() };
}
