import CircularProgress from '@mui/material/CircularProgress';
import { type AppProfile, isAllowed, teamMessages } from '@outpilot/contracts';
import { Navigate } from 'react-router';
import { PageTitle } from '../shell/page-title.tsx';
import { MembersTable } from './members-page.tsx';
import { hasTeamAccess } from './team-access.ts';
import { TeamLayout } from './team-layout.tsx';
import { useTeamMembers } from './team-queries.ts';

function PendingInvites({ profile }: { profile: AppProfile }) {
  const mayManage = hasTeamAccess(profile) && isAllowed('revokeInvitation', profile.teamRole ?? 'user');
  const members = useTeamMembers(mayManage);
  if (!mayManage) return <Navigate to="/team/members" replace />;
  if (members.isPending) return <CircularProgress aria-label="Loading invites" />;
  if (!members.data?.documents.some((member) => member.pending))
    return <Navigate to="/team/members" replace />;
  return (
    <>
      <PageTitle>{teamMessages.invitesTitle}</PageTitle>
      <MembersTable profile={profile} pendingOnly />
    </>
  );
}

/** /team/invites (/team/invitations): redirects to /team/members without team access or invites to manage (§2). */
export function PendingInvitesPage() {
  return <TeamLayout>{(profile) => <PendingInvites profile={profile} />}</TeamLayout>;
}
