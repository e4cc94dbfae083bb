import { SideMenuList } from '../../components/side-menu-list.tsx';
import { useRecentCampaigns } from './use-recent-campaigns.ts';

/** The campaigns side menu's 'Recently created' (§2: 5 entries, newest first). */
export function RecentCampaignsMenu() {
  const recent = useRecentCampaigns();
  const items = (recent.data ?? []).map((campaign) => ({
    name: campaign.name,
    to: `/campaigns/${encodeURIComponent(campaign.id)}`,
  }));
  return <SideMenuList title="Recently created" items={items} />;
}
