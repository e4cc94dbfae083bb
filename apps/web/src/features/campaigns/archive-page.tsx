import { CampaignList } from './campaign-list.tsx';

/** /archive: the same table with archived campaigns only (§2 "Archive"). */
export function ArchivePage() {
  return <CampaignList archived />;
}
