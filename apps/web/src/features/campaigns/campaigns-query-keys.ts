import type { CampaignsPageRequest } from './use-campaigns-page.ts';

/**
 * Query keys of the campaigns calls: every key starts with 'campaigns', so a change to any
 * campaign (created, renamed, run, archived, audience changed) can refresh them all at once.
 */
export const campaignsQueryKeys = {
  all: ['campaigns'] as const,
  /** The names offered by the contacts filters ('Participated in Campaigns'). */
  options: ['campaigns', 'options'] as const,
  /** The campaigns that can take contacts (Add to campaign). */
  addable: ['campaigns', 'addable'] as const,
  /** The side menu's 'Recently created'. */
  recent: ['campaigns', 'recent'] as const,
  page: (request: CampaignsPageRequest) => ['campaigns', 'page', request] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  statistics: (id: string) => ['campaigns', 'statistics', id] as const,
};
