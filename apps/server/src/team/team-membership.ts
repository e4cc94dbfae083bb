import {
  isAllowed,
  type TeamAction,
  type TeamRole,
  teamMessages,
  teamReadActions,
  teamRoleSchema,
} from '@outpilot/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AuthContext } from '../auth/authenticate.ts';
import { requirePlanFeature } from '../billing/load-subscription.ts';
import type { Executor } from '../db/executor.ts';
import { teamMembers, teams } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotAuthorizedError, NotFoundError } from '../errors.ts';

export type TeamDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>;

/** Who calls a team use case: the signed-in persona, and the acting user when impersonating. */
export type TeamCaller = Pick<AuthContext, 'userId' | 'personaId' | 'sessionId' | 'actor'>;

export type Membership = {
  teamId: string;
  ownerPersonaId: string;
  memberId: string;
  role: TeamRole;
};

export type MemberRow = typeof teamMembers.$inferSelect;

/** The team a persona belongs to (as owner or accepted member), or null. */
export async function findMembership(db: Executor, personaId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      teamId: teams.id,
      ownerPersonaId: teams.ownerPersonaId,
      memberId: teamMembers.id,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.personaId, personaId), isNotNull(teamMembers.acceptedAt)))
    .limit(1);
  return row ? { ...row, role: teamRoleSchema.parse(row.role) } : null;
}

/**
 * The caller's membership for an action: a member session (impersonation) only reads (changes
 * nothing in the team), and a role the matrix does not allow is a 403.
 */
export async function requireMembership(
  deps: Pick<TeamDeps, 'db'>,
  caller: TeamCaller,
  action: TeamAction,
): Promise<Membership> {
  if (caller.actor && !teamReadActions.has(action)) throw new NotAuthorizedError();
  const membership = await findMembership(deps.db, caller.personaId);
  if (!membership) throw new NotFoundError(teamMessages.noTeam);
  if (!isAllowed(action, membership.role, 'user') && !isAllowed(action, membership.role, 'manager'))
    throw new NotAuthorizedError();
  return membership;
}

/** A member (or pending invitation) of the caller's team; another team's id answers 404 like a missing one. */
export async function findTeamMember(db: Executor, teamId: string, memberId: string): Promise<MemberRow> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.teamId, teamId)))
    .limit(1);
  if (!row) throw new NotFoundError(teamMessages.memberNotFound);
  return row;
}

export function roleOf(row: MemberRow): TeamRole {
  return teamRoleSchema.parse(row.role);
}

/** 403 unless the matrix lets the caller's role do the action to this member's role. */
export function requireAllowedOn(action: TeamAction, membership: Membership, target: MemberRow): void {
  if (!isAllowed(action, membership.role, roleOf(target))) throw new NotAuthorizedError();
}

/** The caller's membership and the member an action is on, once the matrix allows it on that member. */
export async function requireActionOnMember(
  deps: Pick<TeamDeps, 'db'>,
  caller: TeamCaller,
  action: TeamAction,
  memberId: string,
): Promise<{ membership: Membership; member: MemberRow }> {
  const membership = await requireMembership(deps, caller, action);
  const member = await findTeamMember(deps.db, membership.teamId, memberId);
  requireAllowedOn(action, membership, member);
  return { membership, member };
}

/** Growing the team (invite, resend, sign in as a member) needs the owner's plan to include teams. */
export function requireTeamPlan(deps: Pick<TeamDeps, 'db' | 'clock'>, ownerPersonaId: string) {
  return requirePlanFeature(deps, ownerPersonaId, 'team');
}
