import { PageTitle } from '../shell/page-title.tsx';

/** Team statistics: built by the team issue. */
export function TeamStatisticsPage() {
  return <PageTitle>Statistics</PageTitle>;
}
