import { sandboxActionErrorCodes, type WithdrawInvitationResponse } from '@outpilot/contracts';
import { SandboxError } from '../http/sandbox-error.ts';
import { invitationStateAt } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';

/** Withdraws a pending invitation for good; withdrawing it again answers the first withdrawal. */
export function withdrawInvitation(
  context: SandboxContext,
  member: Person,
  invitationId: string,
): WithdrawInvitationResponse {
  context.faults.maybeFail('invitations.withdraw');
  const invitation = context.network.findInvitation(invitationId);
  if (!invitation || invitation.senderIndex !== member.index) {
    throw new SandboxError('NotFound', 'This invitation does not exist');
  }
  const now = context.clock.now();
  const state = invitationStateAt(invitation, now);
  if (state === 'accepted') {
    throw new SandboxError(
      'BadRequest',
      'This invitation was already accepted',
      sandboxActionErrorCodes.invitationAlreadyAccepted,
    );
  }
  const withdrawnAt = invitation.withdrawnAt ?? now;
  if (!invitation.withdrawnAt) context.network.withdrawInvitation(invitation, withdrawnAt);
  return { invitationId, state: 'withdrawn', withdrawnAt: withdrawnAt.toISOString() };
}
