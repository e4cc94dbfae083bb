import {
  type CampaignState,
  campaignsPageSize,
  type TeamCampaignSortableField,
  type TeamQueueFilter,
  teamEndpoints,
  teamQueueFilters,
} from '@outpilot/contracts';
import { exportFileName } from '@outpilot/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { saveFileAnswer } from '../contacts/api-file.ts';

export type TeamCampaignsSort = { field: TeamCampaignSortableField; direction: 'asc' | 'desc' };
/** seed 001 §2: default sort created descending. */
export const defaultTeamCampaignsSort: TeamCampaignsSort = { field: 'created', direction: 'desc' };

export type TeamCampaignsFilters = { statuses: readonly CampaignState[]; queue: TeamQueueFilter };
export const noTeamCampaignsFilters: TeamCampaignsFilters = { statuses: [], queue: 'all' };

/** The OData filter of the status and 'Show Campaigns' filters (state names are an enum: no quoting needed). */
export function teamCampaignsFilterOf(filters: TeamCampaignsFilters): string | undefined {
  const parts: string[] = [];
  if (filters.statuses.length > 0)
    parts.push(`state in (${filters.statuses.map((state) => `'${state}'`).join(', ')})`);
  const queue = teamQueueFilters[filters.queue].filter;
  if (queue !== null) parts.push(queue);
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** The export of selected rows: their ids, which are uuids the server gave (no quoting needed). */
export const selectedIdsFilterOf = (ids: readonly string[]) =>
  `id in (${ids.map((id) => `'${id}'`).join(', ')})`;

export const orderByOf = (sort: TeamCampaignsSort) => `${sort.field} ${sort.direction}`;

export type TeamCampaignsRequest = { page: number; sort: TeamCampaignsSort; filters: TeamCampaignsFilters };

/** GET team/campaigns: one page, skip = page times page size (seed 001 §7). */
export function useTeamCampaigns(request: TeamCampaignsRequest) {
  const api = useApi();
  return useQuery({
    queryKey: ['team', 'campaigns', request],
    queryFn: ({ signal }) =>
      api.call(
        teamEndpoints.campaigns,
        {
          query: {
            $take: campaignsPageSize,
            $skip: request.page * campaignsPageSize,
            $orderby: orderByOf(request.sort),
            $filter: teamCampaignsFilterOf(request.filters),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET team/campaigns/export: the selected rows, or all the filters find, as a CSV download. */
export function useExportTeamCampaigns() {
  const api = useApi();
  return useMutation({
    mutationFn: async (request: {
      selected: readonly string[];
      sort: TeamCampaignsSort;
      filters: TeamCampaignsFilters;
    }) => {
      const filter =
        request.selected.length > 0
          ? selectedIdsFilterOf(request.selected)
          : teamCampaignsFilterOf(request.filters);
      const response = await api.call(teamEndpoints.campaignsExport, {
        query: { filter, orderby: orderByOf(request.sort) },
      });
      await saveFileAnswer(response, exportFileName(new Date()));
    },
  });
}
