import { PageTitle } from '../shell/page-title.tsx';

/** Archived campaigns: built by the campaigns issue. */
export function ArchivePage() {
  return <PageTitle>Archive</PageTitle>;
}
