import { type CampaignState, campaignsPaths } from '@outpilot/contracts';
import { exportFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { fetchApiFile, readFileName, saveFile } from '../contacts/api-file.ts';
import { campaignsFilterOf } from './use-campaigns-page.ts';

export type ExportCampaignsRequest = { archived: boolean; searchQuery: string; state: CampaignState | null };

/** GET campaigns/export: the CSV of the list as filtered and searched, downloaded (§2, §7). */
export function useExportCampaigns() {
  const bridge = useBridge();
  const config = useClientConfig();
  return useMutation({
    mutationFn: async ({ archived, searchQuery, state }: ExportCampaignsRequest) => {
      const response = await fetchApiFile({
        baseUrl: config.apiBaseUrl,
        bridge,
        path: campaignsPaths.campaignsExport,
        query: {
          filter: campaignsFilterOf(state),
          searchQuery: searchQuery || undefined,
          orderby: 'created desc',
          archived: String(archived),
        },
      });
      saveFile(await response.blob(), readFileName(response, exportFileName(new Date())));
    },
  });
}
