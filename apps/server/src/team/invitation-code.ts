import { randomBytes } from 'node:crypto';
import { invitationLinkOf, teamLimits } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { hashToken } from '../auth/tokens.ts';
import type { Executor } from '../db/executor.ts';
import { personas, teamMembers, users } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { escapeHtml } from '../escape-html.ts';
import type { TeamDeps } from './team-membership.ts';

const dayMs = 86_400_000;

export const hashInvitationCode = hashToken;

/**
 * Gives a pending invitation a fresh code (a previous one stops working) and stores only its
 * hash with the expiry. Answers the code, to be mailed once the change is committed.
 */
export async function issueInvitationCode(
  deps: { db: Executor; clock: TeamDeps['clock'] },
  memberId: string,
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await deps.db
    .update(teamMembers)
    .set({
      inviteCodeHash: hashInvitationCode(code),
      inviteExpiresAt: new Date(now.getTime() + teamLimits.invitationTtlDays * dayMs),
      invitedAt: now,
    })
    .where(eq(teamMembers.id, memberId));
  return code;
}

/** The invitation e-mail with the link to /invitation_callback. */
export async function mailInvitation(
  deps: Pick<TeamDeps, 'mail' | 'config'>,
  invitation: { email: string; code: string; inviterName: string },
): Promise<void> {
  const link = invitationLinkOf(deps.config.publicUrl, invitation.code);
  const inviter = invitation.inviterName;
  const days = teamLimits.invitationTtlDays;
  await deps.mail.send({
    to: invitation.email,
    subject: `${inviter} invited you to their team on Outpilot`,
    text: `${inviter} invited you to join their team on Outpilot.\n\nAccept the invitation: ${link}\n\nThe link works once and expires in ${days} days.`,
    html: `<p>${escapeHtml(inviter)} invited you to join their team on Outpilot.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>The link works once and expires in ${days} days.</p>`,
  });
}

/** Who sends an invitation: the e-mail and the name the invitation e-mail shows. */
export async function findInviter(db: Executor, personaId: string): Promise<{ email: string; name: string }> {
  const [user] = await db
    .select({ email: users.email, givenName: users.givenName, familyName: users.familyName })
    .from(users)
    .innerJoin(personas, eq(personas.userId, users.id))
    .where(eq(personas.id, personaId));
  if (!user) throw new NotFoundError('Profile not found');
  return { email: user.email, name: `${user.givenName} ${user.familyName}`.trim() || user.email };
}
