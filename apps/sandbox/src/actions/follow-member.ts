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
  const known = context.network.peek(member.index)?.follows.get(person.index);
  const followedAt = known ?? context.clock.now();
  if (!known) context.network.addFollow(member.index, person.index, followedAt);
  return { entityId: person.entityId, followedAt: followedAt.toISOString() };
}
