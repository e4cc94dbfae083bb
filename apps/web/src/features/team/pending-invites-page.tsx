import { PageTitle } from '../shell/page-title.tsx';

/** Pending invitations: built by the team issue. */
export function PendingInvitesPage() {
  return <PageTitle>Pending invites</PageTitle>;
}
