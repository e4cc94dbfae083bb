import { sandboxActionErrorCodes } from '@outpilot/contracts';
import { memberNotFound, SandboxError } from '../http/sandbox-error.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';

export type TargetRef = { entityId: string } | { publicIdentifier: string };

/** The member an action is aimed at; invisible members ("LinkedIn Member") cannot be reached. */
export function findTarget(context: SandboxContext, member: Person, ref: TargetRef): Person {
  const person =
    'entityId' in ref
      ? context.population.findByEntityId(ref.entityId)
      : context.population.findByPublicIdentifier(ref.publicIdentifier);
  if (!person || (!person.isVisible && person.index !== member.index)) throw memberNotFound();
  return person;
}

/** The same, for actions that make no sense on oneself (invite, message, follow, endorse). */
export function findOtherMember(context: SandboxContext, member: Person, ref: TargetRef): Person {
  const person = findTarget(context, member, ref);
  if (person.index === member.index) {
    throw new SandboxError(
      'BadRequest',
      'You cannot do this on your own profile',
      sandboxActionErrorCodes.selfAction,
    );
  }
  return person;
}
