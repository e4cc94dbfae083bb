import type { SandboxFollowResponse } from '@outpilot/contracts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findOtherMember } from './find-target.ts';

/** Follows a member; following again answers the first follow. */
export function followMember(
  context: SandboxContext,
  member: Person,
  entityId: string,
): SandboxFollowResponse {
  context.faults.maybeFail('follows.create');
  const person = findOtherMember(context, member, { entityId });
  const follows = context.network.of(member.index).follows;
  const followedAt = follows.get(person.index) ?? context.clock.now();
  follows.set(person.index, followedAt);
  return { entityId: person.entityId, followedAt: followedAt.toISOString() };
}
