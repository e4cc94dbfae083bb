import { PageTitle } from '../shell/page-title.tsx';

/** Team members: built by the team issue. */
export function MembersPage() {
  return <PageTitle>Members</PageTitle>;
}
