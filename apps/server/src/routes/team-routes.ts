import { teamEndpoints } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { acceptInvitation } from '../team/accept-invitation.ts';
import { changeMemberRole } from '../team/change-member-role.ts';
import { impersonateMember } from '../team/impersonate-member.ts';
import { inviteMember } from '../team/invite-member.ts';
import { listAuditLog } from '../team/list-audit-log.ts';
import { listMembers } from '../team/list-members.ts';
import { exportTeamCampaigns, listTeamCampaigns } from '../team/list-team-campaigns.ts';
import {
  activateMemberSubscription,
  setMemberCancellation,
  syncMemberSubscription,
  upgradeMemberSubscription,
} from '../team/member-subscriptions.ts';
import { removeMember } from '../team/remove-member.ts';
import { renameMember } from '../team/rename-member.ts';
import { resendInvitation } from '../team/resend-invitation.ts';
import { stopImpersonation } from '../team/stop-impersonation.ts';
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { sendCsvFile } from './csv-download.ts';
import { routesOf } from './register-endpoints.ts';

/** The team calls of seed 000 §7, plus member sessions (impersonation), roles and the audit log. */
export const teamRoutes = (deps: AppDeps) =>
  routesOf(teamEndpoints, {
    members: ({ auth }) => listMembers(deps, auth),
    invite: ({ auth, body }) => inviteMember(deps, auth, body),
    acceptInvitation: ({ auth, body }) => acceptInvitation(deps, auth, body),
    resendInvitation: ({ auth, params }) => resendInvitation(deps, auth, params.id),
    removeMember: ({ auth, params }) => removeMember(deps, auth, params.id),
    rename: ({ auth, params, body }) => renameMember(deps, auth, params.id, body),
    changeRole: ({ auth, params, body }) => changeMemberRole(deps, auth, params.id, body),
    impersonate: ({ auth, params }) => impersonateMember(deps, auth, params.id),
    stopImpersonation: async ({ auth }) => {
      await stopImpersonation(deps, auth);
      return null;
    },
    auditLog: ({ auth }) => listAuditLog(deps, auth),
    activateMemberSubscription: ({ auth, params, body }) =>
      activateMemberSubscription(deps, auth, params.id, body),
    syncMemberSubscription: ({ auth, params, body }) => syncMemberSubscription(deps, auth, params.id, body),
    upgradeMemberSubscription: ({ auth, params, body }) =>
      upgradeMemberSubscription(deps, auth, params.id, body),
    cancelMemberSubscription: ({ auth, params }) => setMemberCancellation(deps, auth, params.id, true),
    resumeMemberSubscription: ({ auth, params }) => setMemberCancellation(deps, auth, params.id, false),
    campaigns: ({ auth, query }) => listTeamCampaigns(deps, auth, query),
    campaignsExport: async ({ auth, query, reply }) => {
      const csv = await exportTeamCampaigns(deps, auth, query);
      return sendCsvFile(reply, await exportFileNameOf(deps, auth.personaId), csv);
    },
  });
