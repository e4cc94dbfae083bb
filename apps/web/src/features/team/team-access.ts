import { type AppProfile, isAllowed } from '@outpilot/contracts';

/** What the team layout shows instead of a tab (seed 000 §2 "Team area"), or 'tab' for the tab itself. */
export type TeamPrompt = 'no-access' | 'welcome' | 'upgrade' | 'tab';

/**
 * §2: 'You dont have access to the team!' for members who are neither team owner nor subscription
 * owner and whose plan lacks team access; 'Welcome to teams' for users with no team whose plan
 * allows teams or whose subscription is inactive; 'Upgrade your subscription to TEAM plan' for a
 * team member whose plan lacks team access, or an active subscriber without a team. A member
 * session shows the team (read only).
 */
export function teamPromptFor(profile: AppProfile): TeamPrompt {
  if (profile.impersonatedPersona !== null) return 'tab';
  const isOwner = profile.teamRole === 'owner';
  const ownsSubscription = profile.subscriptionOwnerId === profile.personaId;
  if (profile.teamId === null) {
    if (profile.isTeamPlanAccessible || !profile.subscriptionIsActive) return 'welcome';
    return 'upgrade';
  }
  if (profile.isTeamPlanAccessible) return 'tab';
  return !isOwner && !ownsSubscription ? 'no-access' : 'upgrade';
}

/** The Invite button, Statistics and Invites are for users with team access (§6). */
export const hasTeamAccess = (profile: AppProfile) =>
  profile.isTeamPlanAccessible && profile.impersonatedPersona === null;

/** Team statistics: team access and a role the matrix lets read the team's campaigns (owner, manager). */
export const mayReadTeamCampaigns = (profile: AppProfile) =>
  hasTeamAccess(profile) && isAllowed('readTeamCampaigns', profile.teamRole ?? 'user');

/** The audit log (beyond the spec) is the owner's, outside member sessions. */
export const mayReadAuditLog = (profile: AppProfile) =>
  profile.impersonatedPersona === null && isAllowed('readAuditLog', profile.teamRole ?? 'user');
