import { type CampaignState, campaignsEndpoints } from '@outpilot/contracts';
import { exportFileName } from '@outpilot/domain';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { saveFileAnswer } from '../contacts/api-file.ts';
import { campaignsFilterOf } from './use-campaigns-page.ts';

export type ExportCampaignsRequest = { archived: boolean; searchQuery: string; state: CampaignState | null };

/** GET campaigns/export: the CSV of the list as filtered and searched, downloaded (§2, §7). */
export function useExportCampaigns() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ archived, searchQuery, state }: ExportCampaignsRequest) => {
      const response = await api.call(campaignsEndpoints.export, {
        query: {
          filter: campaignsFilterOf(state),
          searchQuery: searchQuery || undefined,
          orderby: 'created desc',
          archived: String(archived),
        },
      });
      await saveFileAnswer(response, exportFileName(new Date()));
    },
  });
}
