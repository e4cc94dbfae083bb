import { CampaignList } from './campaign-list.tsx';

/** /campaigns, the default landing page (§2). */
export function CampaignsPage() {
  return <CampaignList archived={false} />;
}
