import type { TeamRole } from '@outpilot/contracts';

/**
 * The permission matrix of the team area (seed 000 §6 leaves it open; recorded in
 * docs/decisions.md). `target` is the role of the member the action is about.
 */
export type TeamAction =
  | 'listMembers'
  | 'invite'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'removeMember'
  | 'renameMember'
  | 'changeRole'
  | 'impersonate'
  | 'readAuditLog';

const everyRole: readonly TeamRole[] = ['owner', 'manager', 'user'];
const staff: readonly TeamRole[] = ['manager', 'user'];
const plainUsers: readonly TeamRole[] = ['user'];
const nobody: readonly TeamRole[] = [];

/** For each action and acting role: the roles of the members it may be done to. */
export const teamPermissionMatrix: Record<TeamAction, Record<TeamRole, readonly TeamRole[]>> = {
  listMembers: { owner: everyRole, manager: everyRole, user: everyRole },
  invite: { owner: staff, manager: staff, user: nobody },
  resendInvitation: { owner: staff, manager: staff, user: nobody },
  revokeInvitation: { owner: staff, manager: staff, user: nobody },
  removeMember: { owner: staff, manager: plainUsers, user: nobody },
  renameMember: { owner: everyRole, manager: everyRole, user: nobody },
  changeRole: { owner: staff, manager: nobody, user: nobody },
  impersonate: { owner: staff, manager: plainUsers, user: nobody },
  readAuditLog: { owner: everyRole, manager: nobody, user: nobody },
};

export function isAllowed(action: TeamAction, actor: TeamRole, target: TeamRole = 'user'): boolean {
  return teamPermissionMatrix[action][actor].includes(target);
}
