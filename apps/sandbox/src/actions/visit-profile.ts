import type { VisitProfileResponse } from '@outpilot/contracts';
import { visitKey } from '../network-state/network-state.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findOtherMember } from './find-target.ts';

/** Records a profile view; one per person per UTC day, so a retried visit counts once. */
export function visitProfile(
  context: SandboxContext,
  member: Person,
  publicIdentifier: string,
): VisitProfileResponse {
  context.faults.maybeFail('profiles.visit');
  const person = findOtherMember(context, member, { publicIdentifier });
  const now = context.clock.now();
  const visit = { personIndex: person.index, visitedAt: now };
  const known = context.network.peek(member.index)?.visits.get(visitKey(visit));
  const record = known ?? visit;
  if (!known) context.network.addVisit(member.index, record);
  return { entityId: person.entityId, visitedAt: record.visitedAt.toISOString() };
}
