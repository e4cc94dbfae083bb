import {
  sandboxActionErrorCodes as codes,
  invitationNoteMaxFree,
  invitationNoteMaxPremium,
  type SandboxInvitation,
  type SendInvitationRequest,
} from '@outpilot/contracts';
import { dayMs, resendCooldownMs } from '../behaviour/behaviour-options.ts';
import { decideAcceptance } from '../behaviour/decide-acceptance.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import { type InvitationRecord, stableNumericId } from '../network-state/network-state.ts';
import { degreeBetween, invitationStateAt, pendingInvitationTo } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findOtherMember } from './find-target.ts';

export type SendInvitationResult = { invitation: SandboxInvitation; created: boolean };

export function toSandboxInvitation(
  context: SandboxContext,
  record: InvitationRecord,
  now: Date,
): SandboxInvitation {
  return {
    invitationId: record.invitationId,
    entityId: context.population.people[record.inviteeIndex]?.entityId ?? '',
    sentAt: record.sentAt.toISOString(),
    hasNote: record.message !== null,
    message: record.message,
    state: invitationStateAt(record, now),
  };
}

const sameUtcMonth = (a: Date, b: Date) =>
  a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth();

/**
 * Sends a connection invitation, checked in the order LinkedIn applies it (network-api.md §4):
 * target, relationship, note length, weekly cap, free monthly note quota. An invitation still
 * pending to the same person is answered again instead of sending a second one.
 */
export function sendInvitation(
  context: SandboxContext,
  member: Person,
  input: SendInvitationRequest,
): SendInvitationResult {
  context.faults.maybeFail('invitations.send');
  const person = findOtherMember(context, member, { entityId: input.entityId });
  const now = context.clock.now();
  const degree = degreeBetween(context, member, person, now);
  if (degree === 'FIRST') {
    throw new SandboxError(
      'UnprocessableEntity',
      'You are already connected to this member',
      codes.alreadyConnected,
    );
  }
  const pending = pendingInvitationTo(context, member, person, now);
  if (pending) return { invitation: toSandboxInvitation(context, pending, now), created: false };

  const sent = context.network.peek(member.index)?.invitations ?? [];
  const latest = context.network.peek(member.index)?.latestInvitationTo.get(person.index);
  if (latest?.withdrawnAt && now.getTime() - latest.withdrawnAt.getTime() < resendCooldownMs) {
    throw new SandboxError(
      'BadRequest',
      'You withdrew an invitation to this member recently; you can invite them again after 3 weeks',
      codes.cantResendYet,
    );
  }

  const note = input.message?.trim() ? input.message.trim() : null;
  const noteLength = note ? [...note].length : 0;
  const noteMax = member.isPremium ? invitationNoteMaxPremium : invitationNoteMaxFree;
  if (noteLength > noteMax) {
    throw new SandboxError(
      'UnprocessableEntity',
      `The invitation note is ${noteLength} characters; the limit is ${noteMax}`,
      codes.tooLongInvitationMessage,
    );
  }

  const weekStart = now.getTime() - 7 * dayMs;
  const inWeek = sent.filter((invitation) => invitation.sentAt.getTime() > weekStart);
  const weeklyCap = member.isPremium
    ? context.behaviour.premiumWeeklyInvitationCap
    : context.behaviour.weeklyInvitationCap;
  if (inWeek.length >= weeklyCap) {
    const oldest = inWeek[0]?.sentAt.getTime() ?? now.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + 7 * dayMs - now.getTime()) / 1000));
    throw new SandboxError(
      'ExceedsLimit',
      `You have reached the weekly invitation limit (${weeklyCap})`,
      codes.weeklyInvitationLimit,
      retryAfterSeconds,
    );
  }

  if (note && !member.isPremium) {
    const notesThisMonth = sent.filter(
      (invitation) => invitation.message !== null && sameUtcMonth(invitation.sentAt, now),
    ).length;
    if (notesThisMonth >= context.behaviour.freeMonthlyNoteCap) {
      throw new SandboxError(
        'ExceedsLimit',
        `Free accounts can send ${context.behaviour.freeMonthlyNoteCap} personalised invitations a month`,
        codes.exceedFreeMonthlyPersonalizedInvitations,
      );
    }
  }

  const attempt = sent.filter((invitation) => invitation.inviteeIndex === person.index).length;
  const record: InvitationRecord = {
    invitationId: stableNumericId(
      context.population.seed,
      `invitation:${member.index}:${person.index}:${attempt}`,
    ),
    senderIndex: member.index,
    inviteeIndex: person.index,
    message: note,
    sentAt: now,
    acceptAt: decideAcceptance({
      seed: context.population.seed,
      sender: member,
      invitee: person,
      attempt,
      hasNote: note !== null,
      degree,
      sentAt: now,
      options: context.behaviour,
    }),
    withdrawnAt: null,
  };
  context.network.addInvitation(record);
  return { invitation: toSandboxInvitation(context, record, now), created: true };
}
