import { campaignStates } from '@outpilot/contracts';
import type { FilterFieldSpec } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import { campaigns, campaignTallies } from '../db/schema.ts';
import type { FieldMappings } from '../list-query/compile-filter.ts';
import type { ListQueryDefinition } from '../list-query/compile-list-query.ts';

/** The `$filter` allow-list of campaign lists (§7: state eq/ne, picker 'not state eq Compose', team in_queue_count). */
export const campaignFilterFields = {
  id: { type: 'uuid' },
  name: { type: 'string' },
  state: { type: 'enum', values: campaignStates },
  created: { type: 'datetime' },
  started: { type: 'datetime' },
  completed: { type: 'datetime' },
  in_queue_count: { type: 'number' },
} as const satisfies FilterFieldSpec;

export const campaignSortableFields = ['name', 'state', 'created', 'started', 'completed'] as const;
export type CampaignSortableField = (typeof campaignSortableFields)[number];

const scalar = (column: SQL, nullable: boolean) => ({ kind: 'scalar', column, nullable }) as const;

/** Executions still going (InQueue or InProgress), from the tallies the statistics read. */
const inQueueCountSql = sql`(select coalesce(sum(${campaignTallies.delta}), 0) from ${campaignTallies} where ${campaignTallies.campaignId} = ${campaigns.id} and ${campaignTallies.tally} in ('execution:InQueue', 'execution:InProgress'))`;

const fields = {
  id: scalar(sql`${campaigns.id}`, false),
  name: scalar(sql`${campaigns.name}`, false),
  state: scalar(sql`${campaigns.state}`, false),
  created: scalar(sql`${campaigns.createdAt}`, false),
  started: scalar(sql`${campaigns.startedAt}`, true),
  completed: scalar(sql`${campaigns.completedAt}`, true),
  in_queue_count: scalar(inQueueCountSql, false),
} satisfies FieldMappings;

/** GET campaigns/page and campaigns/export: default created desc, page size 25 (§7, §9). */
export const campaignListQuery: ListQueryDefinition<CampaignSortableField> = {
  spec: campaignFilterFields,
  fields,
  sortable: campaignSortableFields,
  sortColumns: {
    name: sql`${campaigns.name}`,
    state: sql`${campaigns.state}`,
    created: sql`${campaigns.createdAt}`,
    started: sql`${campaigns.startedAt}`,
    completed: sql`${campaigns.completedAt}`,
  },
  defaultOrderBy: 'created desc',
  idColumn: sql`${campaigns.id}`,
  searchColumns: [sql`${campaigns.name}`],
  paging: { defaultTake: 25, maxTake: 1000 },
};
