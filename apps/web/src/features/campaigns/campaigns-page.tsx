import { PageTitle } from '../shell/page-title.tsx';

/** Campaign list and campaign pages: built by the campaigns issue. */
export function CampaignsPage() {
  return <PageTitle>Campaigns</PageTitle>;
}
