import type { ConnectionDegree, SandboxInvitationState, SandboxRelationship } from '@outpilot/contracts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import type { InvitationRecord } from './network-state.ts';

export function invitationStateAt(invitation: InvitationRecord, now: Date): SandboxInvitationState {
  if (invitation.withdrawnAt) return 'withdrawn';
  if (invitation.acceptAt && invitation.acceptAt.getTime() <= now.getTime()) return 'accepted';
  return 'pending';
}

/** When the invitation turned into a connection, if it has by `now`. */
export function acceptedAtOf(invitation: InvitationRecord, now: Date): Date | null {
  return invitationStateAt(invitation, now) === 'accepted' ? invitation.acceptAt : null;
}

/** The instant two members became connected through an accepted invitation (either way), if they did. */
export function invitationConnectedAt(
  context: SandboxContext,
  aIndex: number,
  bIndex: number,
  now: Date,
): Date | null {
  const sent = context.network.peek(aIndex)?.latestInvitationTo.get(bIndex);
  const received = context.network.peek(bIndex)?.latestInvitationTo.get(aIndex);
  const times = [sent, received]
    .map((invitation) => (invitation ? acceptedAtOf(invitation, now) : null))
    .filter((at): at is Date => at !== null);
  return times.length > 0 ? new Date(Math.min(...times.map((at) => at.getTime()))) : null;
}

export function degreeBetween(
  context: SandboxContext,
  member: Person,
  person: Person,
  now: Date,
): ConnectionDegree {
  if (member.index === person.index) return 'SELF';
  const seeded = context.population.graph.degreesFrom(member.index)[person.index] ?? 'OUT_OF_NETWORK';
  if (seeded === 'FIRST') return 'FIRST';
  return invitationConnectedAt(context, member.index, person.index, now) ? 'FIRST' : seeded;
}

export function isConnected(context: SandboxContext, member: Person, person: Person, now: Date): boolean {
  return member.index !== person.index && degreeBetween(context, member, person, now) === 'FIRST';
}

export function pendingInvitationTo(
  context: SandboxContext,
  member: Person,
  person: Person,
  now: Date,
): InvitationRecord | undefined {
  const latest = context.network.peek(member.index)?.latestInvitationTo.get(person.index);
  return latest && invitationStateAt(latest, now) === 'pending' ? latest : undefined;
}

export function relationshipOf(
  context: SandboxContext,
  member: Person,
  person: Person,
  now: Date,
): SandboxRelationship {
  const pending = pendingInvitationTo(context, member, person, now);
  return {
    invitationPending: pending !== undefined,
    invitationId: pending?.invitationId ?? null,
    following: context.network.peek(member.index)?.follows.has(person.index) ?? false,
    canMessage: isConnected(context, member, person, now),
  };
}
