import { PageTitle } from '../shell/page-title.tsx';

/** Activities queue: built by the campaigns issue. */
export function ActivitiesQueuePage() {
  return <PageTitle>Activities queue</PageTitle>;
}
