import { type CampaignState, campaignsEndpoints, campaignsPageSize } from '@outpilot/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/** What the list asks: one page of the archive or of the live campaigns, newest first (§2, §7). */
export type CampaignsPageRequest = {
  archived: boolean;
  page: number;
  searchQuery: string;
  state: CampaignState | null;
};

/** The OData filter of the status filter; the state names are an enum, so no quoting is needed. */
export function campaignsFilterOf(state: CampaignState | null): string | undefined {
  return state === null ? undefined : `state eq '${state}'`;
}

/** GET campaigns/page: statistics and events come with each campaign. */
export function useCampaignsPage(request: CampaignsPageRequest) {
  const api = useApi();
  return useQuery({
    queryKey: campaignsQueryKeys.page(request),
    queryFn: ({ signal }) =>
      api.call(
        campaignsEndpoints.page,
        {
          query: {
            $take: campaignsPageSize,
            $skip: request.page * campaignsPageSize,
            $orderby: 'created desc',
            $filter: campaignsFilterOf(request.state),
            $searchQuery: request.searchQuery || undefined,
            archived: request.archived,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
