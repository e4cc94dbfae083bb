import { z } from 'zod';
import { type TeamRole, teamRoleSchema } from './auth.ts';
import {
  checkoutResponseSchema,
  couponSchema,
  purchasablePlanIdSchema,
  subscriptionResponseSchema,
} from './billing.ts';
import {
  campaignStateSchema,
  campaignStatisticsSchema,
  campaignStepSchema,
  campaignsExportQuerySchema,
  campaignsPageQuerySchema,
  pageOf,
  pauseReasonSchema,
} from './campaigns.ts';
import { csvFileAnswer, defineEndpoint } from './endpoint.ts';
import {
  memberIdParamsSchema,
  memberNotFoundMessage,
  memberSessionEndpoints,
  memberSessionPaths,
} from './member-session.ts';

/**
 * The team area of seed 000 (§3 Persona / team member, §4 invites and impersonation, §5 invite
 * e-mail and nickname, §6 roles, §7 team calls, §8 notices). Wire names as the spec gives them.
 */

export const teamPaths = {
  members: '/team/personas',
  invite: '/team/personas/invite',
  acceptInvitation: '/team/personas/accept-invitation',
  member: '/team/personas/:id',
  resendInvitation: '/team/personas/:id/resend-invitation',
  nickname: '/team/personas/:id/nickname',
  /** Beyond §7: the owner makes a member a manager or a user again. */
  role: '/team/personas/:id/role',
  impersonate: memberSessionPaths.impersonate,
  stopImpersonation: memberSessionPaths.stopImpersonation,
  /** §7: POST buys a plan for the member (a checkout the payer pays), PUT upgrades it. */
  memberSubscription: '/team/personas/:id/subscription',
  /** Beyond §7 (as orders/sync): the payer's completed checkout becomes the member's plan. */
  memberSubscriptionSync: '/team/personas/:id/subscription/sync',
  memberSubscriptionCancel: '/team/personas/:id/subscription/cancel',
  memberSubscriptionResume: '/team/personas/:id/subscription/resume',
  /** Beyond the spec: the owner's log of impersonation sessions and team changes. */
  auditLog: '/team/audit-log',
  /** Seed 001 §7: the team's campaigns (skip = page times page size) and their CSV. */
  campaigns: '/team/campaigns',
  campaignsExport: '/team/campaigns/export',
} as const;

/** The development page listing the embedded mail outbox (not under the API base). */
export const devMailboxPath = '/dev/mailbox';
export const invitationCallbackPath = '/invitation_callback';

/** §9 nickname length and our decisions on the invitation's and the member session's lifetimes. */
export const teamLimits = {
  nicknameMaxLength: 50,
  invitationTtlDays: 7,
  impersonationTtlSeconds: 30 * 60,
} as const;

/** Texts of §2, §5 and §8, verbatim; refusals the spec gives no wording for are ours. */
export const teamMessages = {
  enterEmail: 'Please enter email',
  invalidEmail: 'Please enter a valid email',
  invitationSent: 'Invitation has been sent. Await for confirmation.',
  invitationResent: 'The invitation has been resent',
  invitationRevoked: (email: string) => `Invitation for ${email} is revoked`,
  memberDeleted: 'The team member has been deleted',
  nicknameChanged: 'Contact name is changed',
  roleChanged: 'The role is changed',
  nicknameTooLong: 'The name must be at most 50 characters',
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'This person is already invited',
  inviteYourself: 'You cannot invite yourself',
  invitationInvalid: 'The invitation is not valid',
  invitationUsed: 'The invitation has already been used',
  invitationExpired: 'The invitation has expired',
  invitationOtherEmail: 'This invitation was sent to another e-mail address',
  alreadyInTeam: 'You are already a member of a team',
  notPending: 'The invitation has already been accepted',
  memberNotFound: memberNotFoundMessage,
  cannotRemoveOwner: 'The team owner cannot be removed',
  cannotImpersonate: 'You cannot sign in as this member',
  memberPending: 'The member has not accepted the invitation yet',
  noTeam: 'You have no team',
  notImpersonating: 'There is no member session to stop',
  /** Billing made in a member session would spend the member's money as someone else (403). */
  noBillingInMemberSession: 'The subscription cannot be changed in a member session',
  paidByAnother: 'The subscription is paid by your team: ask its owner',
  memberAlreadyActive: 'The member already has an active subscription: upgrade it instead',
  memberNotPaidByTeam: 'The member pays for this subscription (Self-Paid)',
  memberNoSubscription: 'The member has no active paid subscription',
  payerOnTrial: 'Member subscriptions need a paid plan',
  removePaidMember: "Cancel the member's subscription before removing them: it is paid by the team",
  couponOnlyWhenActivating: 'A promo code applies only when activating',
  activated: 'Your subscription is activated',
  canceled: 'The subscription has been canceled',
  resumed: 'The subscription has been resumed',
  upgraded: 'Subscription has been upgraded',
  upgradeNote: (plan: string) =>
    `The account will be upgraded to ${plan} and the difference will be deducted from the next payment`,
  // Screens
  membersTitle: 'Members',
  invitesTitle: 'Pending invites',
  statisticsTitle: 'Statistics',
  inviteButton: 'Invite new member',
  inviteTitle: 'Invite new member',
  inviteDescription: 'Onboard your team member by sending an invite',
  inviteSubmit: 'Invite member',
  noAccess: 'You dont have access to the team!',
  welcome: 'Welcome to teams',
  upgradeToTeam: 'Upgrade your subscription to TEAM plan',
  upgradeNow: 'Upgrade now',
  goHome: 'Go home!',
  joinedTitle: 'Congratulations!',
  joinedText: 'You joined the team',
  failedTitle: 'Oooopss...',
  stopSession: 'Stop session',
  signIn: 'Sign in',
  selfPaid: 'Self-Paid',
} as const;

export const inviteRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, teamMessages.enterEmail)
    .max(254, teamMessages.invalidEmail)
    .pipe(z.email(teamMessages.invalidEmail)),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

export const acceptInvitationRequestSchema = z.object({ code: z.string().min(1).max(200) });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const nicknameRequestSchema = z.object({
  name: z.string().trim().max(teamLimits.nicknameMaxLength, teamMessages.nicknameTooLong),
});
export type NicknameRequest = z.input<typeof nicknameRequestSchema>;

export const roleRequestSchema = z.object({ role: z.enum(['manager', 'user']) });
export type RoleRequest = z.infer<typeof roleRequestSchema>;

/** §7 `{coupon, plan_id}`: the promo code only when activating (§9). */
export const memberSubscriptionRequestSchema = z.object({
  plan_id: purchasablePlanIdSchema,
  coupon: couponSchema.optional(),
});
export type MemberSubscriptionRequest = z.input<typeof memberSubscriptionRequestSchema>;
export const memberSubscriptionSyncRequestSchema = z.object({
  checkout_id: z.string().trim().min(1).max(255),
});

/** One row of GET team/personas (§3 "Persona / team member"). */
export const teamMemberSchema = z.object({
  id: z.string(),
  persona_id: z.string().nullable(),
  nickname: z.string().nullable(),
  email: z.string(),
  /** Full name of the member's account; empty while pending. */
  name: z.string(),
  role: teamRoleSchema,
  pending: z.boolean(),
  /** ISO instant: when the member was invited (accepted members: when they joined). */
  added: z.string(),
  avatar: z.string().nullable(),
  linkedin_profile: z
    .object({
      picture_url: z.string().nullable(),
      linkedin_entity_id: z.string(),
      linkedin_public_identifier: z.string(),
    })
    .nullable(),
  subscription: subscriptionResponseSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersResponseSchema = z.object({
  documents: z.array(teamMemberSchema),
  total: z.number(),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

/** A call that changes the team answers the notice the app shows. */
export const teamNoticeResponseSchema = z.object({ message: z.string() });
export type TeamNoticeResponse = z.infer<typeof teamNoticeResponseSchema>;

export const teamAuditActions = [
  'invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  'member_removed',
  'nickname_changed',
  'role_changed',
  'impersonation_started',
  'impersonation_stopped',
  /** A change the acting user made in the member's workspace during a member session. */
  'member_workspace_changed',
  /** A member's plan activated, upgraded, canceled or resumed by the team (details: change, plan). */
  'member_subscription_changed',
] as const;
export type TeamAuditAction = (typeof teamAuditActions)[number];

export const teamAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(teamAuditActions),
  /** E-mail of who acted. */
  actor: z.string().nullable(),
  /** E-mail of the member the actor worked as, when the change happened in a member session. */
  acting_as: z.string().nullable(),
  subject: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  occurred_at: z.string(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;
export const teamAuditLogResponseSchema = z.object({
  documents: z.array(teamAuditEntrySchema),
  total: z.number(),
});
export type TeamAuditLogResponse = z.infer<typeof teamAuditLogResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Team campaign statistics (seed 001 §2 "Team campaign statistics", §3 "Team campaign row", §7)

/** The fields the team campaigns table sorts by (§2: "Sortable by all of these"). */
export const teamCampaignSortableFields = [
  'name',
  'persona',
  'invitation_sent',
  'acceptance_rate',
  'messages_sent',
  'reply_rate',
  'created',
] as const;
export type TeamCampaignSortableField = (typeof teamCampaignSortableFields)[number];

/** §3 "Team campaign row": one campaign of a team member, with the member's name, e-mail and avatar. */
export const teamCampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: campaignStateSchema,
  personaId: z.uuid(),
  /** The member's contact name in the team, else their full name, else their e-mail. */
  nickname: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  target_audience_count: z.number().int().nonnegative(),
  steps: z.array(campaignStepSchema),
  pause_reason: pauseReasonSchema.nullable(),
  statistics: campaignStatisticsSchema,
});
export type TeamCampaign = z.infer<typeof teamCampaignSchema>;
export const teamCampaignsResponseSchema = pageOf(teamCampaignSchema);
export type TeamCampaignsResponse = z.infer<typeof teamCampaignsResponseSchema>;

/** The same list query as campaigns/page; 'archived=true' lists the members' archives. */
export const teamCampaignsQuerySchema = campaignsPageQuerySchema;
export type TeamCampaignsQuery = z.input<typeof teamCampaignsQuerySchema>;
/** The export takes the list's query; selected rows are `id in (…)` in the filter. */
export const teamCampaignsExportQuerySchema = campaignsExportQuerySchema;
export type TeamCampaignsExportQuery = z.input<typeof teamCampaignsExportQuerySchema>;

/** §2 'Show Campaigns' filter: all, has contacts in queue, no contacts in queue (not Compose). */
export const teamQueueFilters = {
  all: { label: 'all', filter: null },
  inQueue: { label: 'has contacts in queue', filter: 'in_queue_count gt 0' },
  noneInQueue: { label: 'no contacts in queue', filter: "in_queue_count eq 0 and state ne 'Compose'" },
} as const;
export type TeamQueueFilter = keyof typeof teamQueueFilters;

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 000 §7), plus member sessions (impersonation), roles and the audit log

const teamCall = { service: 'api', access: 'user', tags: ['team'] } as const;
/** A change to the team: the member may be gone (404), the change refused by the matrix or the state (422). */
const changeErrors = ['NotFound', 'UnprocessableEntity'] as const;
/** A change that also sends the invitation e-mail, which can fail (502). */
const mailingErrors = [...changeErrors, 'BadGateway'] as const;

export const teamEndpoints = {
  members: defineEndpoint({
    ...teamCall,
    errors: ['NotFound'],
    method: 'GET',
    path: teamPaths.members,
    summary: "The caller's team: members and pending invitations",
    answers: { 200: teamMembersResponseSchema },
  }),
  invite: defineEndpoint({
    ...teamCall,
    errors: mailingErrors,
    method: 'POST',
    path: teamPaths.invite,
    summary: 'Invite an e-mail to the team (a Team-plan persona with no team becomes its owner)',
    body: inviteRequestSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  acceptInvitation: defineEndpoint({
    ...teamCall,
    errors: changeErrors,
    method: 'POST',
    path: teamPaths.acceptInvitation,
    summary: 'Join the team an invitation code invites the caller to (single use, expires)',
    body: acceptInvitationRequestSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  resendInvitation: defineEndpoint({
    ...teamCall,
    errors: mailingErrors,
    method: 'POST',
    path: teamPaths.resendInvitation,
    summary: 'Send a pending invitation again with a new code',
    params: memberIdParamsSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  removeMember: defineEndpoint({
    ...teamCall,
    errors: changeErrors,
    method: 'DELETE',
    path: teamPaths.member,
    summary: 'Remove a member or revoke a pending invitation; their access ends at once',
    params: memberIdParamsSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  rename: defineEndpoint({
    ...teamCall,
    errors: changeErrors,
    method: 'PUT',
    path: teamPaths.nickname,
    summary: "Change a member's contact name (at most 50 characters)",
    params: memberIdParamsSchema,
    body: nicknameRequestSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  changeRole: defineEndpoint({
    ...teamCall,
    errors: changeErrors,
    method: 'PUT',
    path: teamPaths.role,
    summary: 'Make a member a manager or a user (owner only)',
    params: memberIdParamsSchema,
    body: roleRequestSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  impersonate: memberSessionEndpoints.impersonate,
  stopImpersonation: memberSessionEndpoints.stopImpersonation,
  auditLog: defineEndpoint({
    ...teamCall,
    errors: ['NotFound'],
    method: 'GET',
    path: teamPaths.auditLog,
    summary: "The team's log of member sessions and changes (owner only)",
    answers: { 200: teamAuditLogResponseSchema },
  }),
  activateMemberSubscription: defineEndpoint({
    ...teamCall,
    errors: [...changeErrors, 'BadGateway'],
    method: 'POST',
    path: teamPaths.memberSubscription,
    summary: "Buy a plan for a member: the provider's checkout, paid by the caller (team owner)",
    params: memberIdParamsSchema,
    body: memberSubscriptionRequestSchema,
    answers: { 200: checkoutResponseSchema },
  }),
  syncMemberSubscription: defineEndpoint({
    ...teamCall,
    errors: [...changeErrors, 'BadGateway'],
    method: 'POST',
    path: teamPaths.memberSubscriptionSync,
    summary: "The caller's completed checkout for the member becomes the member's subscription",
    params: memberIdParamsSchema,
    body: memberSubscriptionSyncRequestSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  upgradeMemberSubscription: defineEndpoint({
    ...teamCall,
    errors: [...changeErrors, 'BadGateway'],
    method: 'PUT',
    path: teamPaths.memberSubscription,
    summary: "Move a member's team-paid subscription to another plan now (prorated)",
    params: memberIdParamsSchema,
    body: memberSubscriptionRequestSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  cancelMemberSubscription: defineEndpoint({
    ...teamCall,
    errors: [...changeErrors, 'BadGateway'],
    method: 'PUT',
    path: teamPaths.memberSubscriptionCancel,
    summary: "Cancel a member's team-paid subscription at the period's end",
    params: memberIdParamsSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  resumeMemberSubscription: defineEndpoint({
    ...teamCall,
    errors: [...changeErrors, 'BadGateway'],
    method: 'PUT',
    path: teamPaths.memberSubscriptionResume,
    summary: "Resume a member's canceled team-paid subscription",
    params: memberIdParamsSchema,
    answers: { 200: teamNoticeResponseSchema },
  }),
  campaigns: defineEndpoint({
    ...teamCall,
    errors: ['NotFound', 'UnprocessableEntity'],
    method: 'GET',
    path: teamPaths.campaigns,
    summary: "One page of the team members' campaigns with their statistics; default created desc",
    query: teamCampaignsQuerySchema,
    answers: { 200: teamCampaignsResponseSchema },
  }),
  campaignsExport: defineEndpoint({
    ...teamCall,
    errors: ['NotFound', 'UnprocessableEntity'],
    method: 'GET',
    path: teamPaths.campaignsExport,
    summary: "The team members' campaigns as CSV (the list's query; selected rows by `id in (…)`)",
    query: teamCampaignsExportQuerySchema,
    answers: { 200: csvFileAnswer },
  }),
};

/** The invitation code is everything after the first 6 characters of the query string (§4): `?code=`. */
export function invitationCodeOf(search: string): string {
  return search.slice(6);
}

export const invitationLinkOf = (publicUrl: string, code: string) =>
  `${publicUrl}${invitationCallbackPath}?code=${code}`;

// ---------------------------------------------------------------------------------------------
// Roles (§6 leaves them open; the server enforces this matrix, the screens only reflect it)

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
  | 'readAuditLog'
  | 'readTeamCampaigns'
  | 'manageMemberSubscription';

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
  readTeamCampaigns: { owner: everyRole, manager: everyRole, user: nobody },
  /** §6: the team owner (managers too, but only within the team-trial window); never the owner's row. */
  manageMemberSubscription: { owner: staff, manager: nobody, user: nobody },
};

/**
 * §6's temporary team-trial window: a subscription activated before mid April 2023, while the
 * date is before mid May 2023, let a manager change members' subscriptions too.
 */
export const teamTrialWindow = {
  activatedBefore: new Date('2023-04-15T00:00:00Z'),
  until: new Date('2023-05-15T00:00:00Z'),
} as const;
export function isInTeamTrialWindow(activatedAt: Date, now: Date): boolean {
  return activatedAt < teamTrialWindow.activatedBefore && now < teamTrialWindow.until;
}

/** Actions that only read: allowed in a member session too (every change made with one is a 403). */
export const teamReadActions: ReadonlySet<TeamAction> = new Set(['listMembers', 'readTeamCampaigns']);

export function isAllowed(action: TeamAction, actor: TeamRole, target: TeamRole = 'user'): boolean {
  return teamPermissionMatrix[action][actor].includes(target);
}
