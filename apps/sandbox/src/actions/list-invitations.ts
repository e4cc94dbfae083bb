import type { ConnectionsResponse, SentInvitationsResponse } from '@outpilot/contracts';
import { acceptedAtOf, invitationStateAt } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { toSandboxInvitation } from './send-invitation.ts';

/** The member's invitations still awaiting an answer, newest first (LinkedIn's "Sent" tab). */
export function listSentInvitations(context: SandboxContext, member: Person): SentInvitationsResponse {
  const now = context.clock.now();
  const invitations = (context.network.peek(member.index)?.invitations ?? [])
    .filter((invitation) => invitationStateAt(invitation, now) === 'pending')
    .map((invitation) => toSandboxInvitation(context, invitation, now))
    .reverse();
  return { invitations };
}

/**
 * Connections made by accepted invitations, oldest first, from `since` on (inclusive: a client
 * polling with the last connectedAt it saw gets that one again and deduplicates by entityId).
 */
export function listNewConnections(
  context: SandboxContext,
  member: Person,
  since?: Date,
): ConnectionsResponse {
  const now = context.clock.now();
  const connections = (context.network.peek(member.index)?.invitations ?? [])
    .flatMap((invitation) => {
      const connectedAt = acceptedAtOf(invitation, now);
      const person = context.population.people[invitation.inviteeIndex];
      if (!connectedAt || !person) return [];
      if (since && connectedAt.getTime() < since.getTime()) return [];
      return [
        {
          entityId: person.entityId,
          publicIdentifier: person.publicIdentifier,
          firstName: person.firstName,
          lastName: person.lastName,
          connectedAt: connectedAt.toISOString(),
          invitationId: invitation.invitationId,
        },
      ];
    })
    .sort((a, b) => a.connectedAt.localeCompare(b.connectedAt));
  return { connections };
}
