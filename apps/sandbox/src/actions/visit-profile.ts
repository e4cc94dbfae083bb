import type { VisitProfileResponse } from '@outpilot/contracts';
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
  const visits = context.network.of(member.index).visits;
  const key = `${person.index}:${now.toISOString().slice(0, 10)}`;
  const record = visits.get(key) ?? { personIndex: person.index, visitedAt: now };
  visits.set(key, record);
  return { entityId: person.entityId, visitedAt: record.visitedAt.toISOString() };
}
