import type { ContactDistance, ExecutionState } from '@outpilot/contracts';
import {
  type FilterNode,
  filterAnd,
  filterAny,
  filterBoolean,
  filterCompare,
  filterIn,
  filterInstant,
  filterNot,
  filterNull,
  filterNumber,
  filterOr,
  filterString,
  formatFilter,
} from '@outpilot/domain';

/**
 * The filter panel's state (seed 002 §2.3) and its compilation to the OData `$filter` the
 * contacts list accepts (contactFilterFields). Pure: the clock comes in as `now`.
 */

export type FilterPeriod = 'day' | 'week' | 'month' | 'year' | 'custom';
/** A period ending now, or a custom From/To range of calendar days ('yyyy-mm-dd', local). */
export type DateFilter = { period: FilterPeriod; from: string; to: string };
export type CampaignOption = { id: string; name: string };
export type ConnectionDegree = Exclude<ContactDistance, null>;

export type ContactFilters = {
  connection: ConnectionDegree[];
  locations: string[];
  contacted: DateFilter | null;
  campaigns: CampaignOption[];
  /** 'Added to Outpilot'. */
  created: DateFilter | null;
  premiumOnly: boolean;
  excludeCampaigns: CampaignOption[];
  excludeContacted: DateFilter | null;
  /** A started campaign's page only (seed 001 §2): the state of the contact's execution in it. */
  states: ExecutionState[];
  /** A started campaign's page only: its status as the step words it (human_state). */
  statuses: ExecutionStatus[];
};

export const emptyContactFilters: ContactFilters = {
  connection: [],
  locations: [],
  contacted: null,
  campaigns: [],
  created: null,
  premiumOnly: false,
  excludeCampaigns: [],
  excludeContacted: null,
  states: [],
  statuses: [],
};

/** The State filter's choices: every execution state of seed 001 §4, in its order. */
export const executionStateFilterLabels: Record<ExecutionState, string> = {
  NotStarted: 'Not started',
  InQueue: 'In queue',
  InProgress: 'In Progress',
  Succeed: 'Succeed',
  Ignored: 'Ignored',
  Skipped: 'Skipped',
  Cancelled: 'Cancelled',
  Failed: 'Failed',
};

/**
 * The Status filter's choices: the human states §4 words by the step an execution stands on
 * ('Connected' is Succeed on a Connect, 'Responded' Succeed on any other step); the states worded
 * the same on every step are the State filter's.
 */
export const executionStatuses = {
  'Awaiting for connect': { state: 'InProgress', stepType: ['eq', 'Connect'] },
  Connected: { state: 'Succeed', stepType: ['eq', 'Connect'] },
  Withdrawn: { state: 'Ignored', stepType: ['eq', 'Connect'] },
  'Awaiting for response': { state: 'InProgress', stepType: ['eq', 'Message'] },
  Responded: { state: 'Succeed', stepType: ['ne', 'Connect'] },
  'Not responded': { state: 'Ignored', stepType: ['ne', 'Connect'] },
} as const satisfies Record<string, { state: ExecutionState; stepType: readonly ['eq' | 'ne', string] }>;
export type ExecutionStatus = keyof typeof executionStatuses;

export const connectionLabels: Record<ConnectionDegree, string> = { 1: '1st', 2: '2nd', 3: '3rd+' };
export const periodLabels: Record<FilterPeriod, string> = {
  day: 'Last day',
  week: 'Last week',
  month: 'Last month',
  year: 'Last year',
  custom: 'Custom',
};

function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Date rolls 2026-02-31 over into March; a day that does not exist is not a date.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export const dateRangeTexts = {
  missing: 'Choose a From or To date',
  invalid: 'Enter a valid date',
  reversed: 'From must be on or before To',
} as const;

/**
 * Why a custom date range cannot be applied (§5: the start is at most the end; both must be days;
 * an empty side leaves the range open), or null.
 */
export function dateFilterProblem(filter: DateFilter | null): string | null {
  if (filter === null || filter.period !== 'custom') return null;
  const from = filter.from === '' ? null : parseDay(filter.from);
  const to = filter.to === '' ? null : parseDay(filter.to);
  if ((filter.from !== '' && from === null) || (filter.to !== '' && to === null))
    return dateRangeTexts.invalid;
  if (from === null && to === null) return dateRangeTexts.missing;
  return from !== null && to !== null && from.getTime() > to.getTime() ? dateRangeTexts.reversed : null;
}

export function isDateFilterValid(filter: DateFilter | null): boolean {
  return dateFilterProblem(filter) === null;
}

export function areContactFiltersValid(filters: ContactFilters): boolean {
  return [filters.contacted, filters.created, filters.excludeContacted].every(isDateFilterValid);
}

/** The [start, end) instants of a date filter; a period ends now and starts that period earlier (§5). */
export function dateFilterRange(filter: DateFilter, now: Date): { start: Date | null; end: Date | null } {
  if (filter.period === 'custom') {
    const from = filter.from === '' ? null : parseDay(filter.from);
    const to = filter.to === '' ? null : parseDay(filter.to);
    // The To day is included: the range ends at the start of the next day.
    const end = to === null ? null : new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
    return { start: from, end };
  }
  const start = new Date(now.getTime());
  if (filter.period === 'day') start.setDate(start.getDate() - 1);
  if (filter.period === 'week') start.setDate(start.getDate() - 7);
  if (filter.period === 'month') start.setMonth(start.getMonth() - 1);
  if (filter.period === 'year') start.setFullYear(start.getFullYear() - 1);
  return { start, end: now };
}

function dateClause(field: 'contacted' | 'created', filter: DateFilter, now: Date): FilterNode | null {
  const { start, end } = dateFilterRange(filter, now);
  return filterAnd([
    ...(start === null ? [] : [filterCompare(field, 'gt', filterInstant(start))]),
    ...(end === null ? [] : [filterCompare(field, 'lt', filterInstant(end))]),
  ]);
}

function campaignsClause(campaigns: CampaignOption[]): FilterNode {
  const ids = campaigns.map((campaign) => filterString(campaign.id));
  return filterAny('campaigns', 'c', filterIn('c', ids));
}

/** The panel's filters as `$filter` clauses (one per filter entry), in the panel's order. */
export function buildContactFilterClauses(filters: ContactFilters, now: Date): FilterNode[] {
  const clauses: (FilterNode | null)[] = [];
  if (filters.connection.length > 0) {
    const degrees = [...filters.connection].sort().map(filterNumber);
    const [only] = degrees;
    clauses.push(
      degrees.length === 1 && only ? filterCompare('distance', 'eq', only) : filterIn('distance', degrees),
    );
  }
  if (filters.locations.length > 0) clauses.push(filterIn('location', filters.locations.map(filterString)));
  if (filters.contacted) clauses.push(dateClause('contacted', filters.contacted, now));
  if (filters.campaigns.length > 0) clauses.push(campaignsClause(filters.campaigns));
  if (filters.created) clauses.push(dateClause('created', filters.created, now));
  if (filters.premiumOnly) clauses.push(filterCompare('is_premium', 'eq', filterBoolean(true)));
  if (filters.excludeCampaigns.length > 0) clauses.push(filterNot(campaignsClause(filters.excludeCampaigns)));
  if (filters.excludeContacted) {
    const range = dateClause('contacted', filters.excludeContacted, now);
    // Never contacted is outside any contacted range, so it stays in the list.
    if (range) clauses.push(filterOr([filterCompare('contacted', 'eq', filterNull), filterNot(range)]));
  }
  return clauses.filter((clause): clause is FilterNode => clause !== null);
}

/**
 * Which contacts a list shows before its panel filters: every contact, an import list's (its
 * tag), a campaign's (seed 001 §2 campaign contacts page) or those not yet in a campaign (its
 * 'Add more contacts' modal, whose filter always leaves them out, §5).
 */
export type ContactsScope = {
  importId?: string | undefined;
  campaignId?: string | undefined;
  notInCampaignId?: string | undefined;
};

const inCampaign = (campaignId: string) =>
  filterAny('campaigns', 'c', filterCompare('c', 'eq', filterString(campaignId)));

/**
 * The State and Status filters: contacts whose execution in the campaign is in one of the chosen
 * states, or has one of the chosen statuses (both chosen: both must hold).
 */
function executionClause(campaignId: string, filters: ContactFilters): FilterNode | null {
  const conditions: FilterNode[] = [];
  if (filters.states.length > 0) conditions.push(filterIn('e/state', filters.states.map(filterString)));
  const statuses = filters.statuses.map((status): FilterNode => {
    const { state, stepType } = executionStatuses[status];
    return {
      kind: 'and',
      operands: [
        filterCompare('e/state', 'eq', filterString(state)),
        filterCompare('e/step_type', stepType[0], filterString(stepType[1])),
      ],
    };
  });
  const anyStatus = filterOr(statuses);
  if (anyStatus) conditions.push(anyStatus);
  if (conditions.length === 0) return null;
  const inCampaignOnly = filterCompare('e/campaign_id', 'eq', filterString(campaignId));
  return filterAny('executions', 'e', { kind: 'and', operands: [inCampaignOnly, ...conditions] });
}

function scopeClauses(scope: ContactsScope): FilterNode[] {
  const clauses: FilterNode[] = [];
  if (scope.importId) {
    clauses.push(filterAny('tags', 't', filterCompare('t', 'eq', filterString(scope.importId))));
  }
  if (scope.campaignId) clauses.push(inCampaign(scope.campaignId));
  if (scope.notInCampaignId) clauses.push(filterNot(inCampaign(scope.notInCampaignId)));
  return clauses;
}

/**
 * The whole `$filter` of a contacts list: the list's own scope, then the panel's filters.
 * Undefined when nothing filters.
 */
export function buildContactsFilter(
  filters: ContactFilters,
  now: Date,
  scope: ContactsScope = {},
): string | undefined {
  const execution = scope.campaignId ? executionClause(scope.campaignId, filters) : null;
  const filter = filterAnd([
    ...scopeClauses(scope),
    ...buildContactFilterClauses(filters, now),
    ...(execution ? [execution] : []),
  ]);
  return filter === null ? undefined : formatFilter(filter);
}

/** The filter of an explicit selection of contacts (by `field`: the contact's id by default). */
export function buildIdsFilter(ids: readonly string[], field = 'id'): string {
  return formatFilter(filterIn(field, ids.map(filterString)));
}

// ---------------------------------------------------------------------------------------------
// Filter tags: one tag per chosen value, each removable.

export type FilterTag = { key: string; label: string; remove: (filters: ContactFilters) => ContactFilters };

/** 'MM-dd-yyyy' of §5. */
export function formatFilterDay(day: string): string {
  const date = parseDay(day);
  if (!date) return day;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`;
}

function dateTagLabel(title: string, filter: DateFilter): string {
  if (filter.period !== 'custom') return `${title}: ${periodLabels[filter.period]}`;
  const from = filter.from === '' ? '…' : formatFilterDay(filter.from);
  const to = filter.to === '' ? '…' : formatFilterDay(filter.to);
  return `${title}: ${from} – ${to}`;
}

export function listFilterTags(filters: ContactFilters): FilterTag[] {
  const tags: FilterTag[] = [];
  for (const degree of filters.connection) {
    tags.push({
      key: `connection-${degree}`,
      label: `Connection: ${connectionLabels[degree]}`,
      remove: (current) => ({ ...current, connection: current.connection.filter((item) => item !== degree) }),
    });
  }
  for (const location of filters.locations) {
    tags.push({
      key: `location-${location}`,
      label: `Location: ${location}`,
      remove: (current) => ({ ...current, locations: current.locations.filter((item) => item !== location) }),
    });
  }
  if (filters.contacted) {
    tags.push({
      key: 'contacted',
      label: dateTagLabel('Last contacted', filters.contacted),
      remove: (current) => ({ ...current, contacted: null }),
    });
  }
  for (const campaign of filters.campaigns) {
    tags.push({
      key: `campaign-${campaign.id}`,
      label: `Campaign: ${campaign.name}`,
      remove: (current) => ({
        ...current,
        campaigns: current.campaigns.filter((item) => item.id !== campaign.id),
      }),
    });
  }
  if (filters.created) {
    tags.push({
      key: 'created',
      label: dateTagLabel('Added to Outpilot', filters.created),
      remove: (current) => ({ ...current, created: null }),
    });
  }
  if (filters.premiumOnly) {
    tags.push({
      key: 'premium',
      label: 'Account status: Premium only',
      remove: (current) => ({ ...current, premiumOnly: false }),
    });
  }
  for (const campaign of filters.excludeCampaigns) {
    tags.push({
      key: `exclude-campaign-${campaign.id}`,
      label: `Not in campaign: ${campaign.name}`,
      remove: (current) => ({
        ...current,
        excludeCampaigns: current.excludeCampaigns.filter((item) => item.id !== campaign.id),
      }),
    });
  }
  for (const state of filters.states) {
    tags.push({
      key: `state-${state}`,
      label: `State: ${executionStateFilterLabels[state]}`,
      remove: (current) => ({ ...current, states: current.states.filter((item) => item !== state) }),
    });
  }
  for (const status of filters.statuses) {
    tags.push({
      key: `status-${status}`,
      label: `Status: ${status}`,
      remove: (current) => ({ ...current, statuses: current.statuses.filter((item) => item !== status) }),
    });
  }
  if (filters.excludeContacted) {
    tags.push({
      key: 'exclude-contacted',
      label: dateTagLabel('Not contacted', filters.excludeContacted),
      remove: (current) => ({ ...current, excludeContacted: null }),
    });
  }
  return tags;
}

export function hasContactFilters(filters: ContactFilters): boolean {
  return listFilterTags(filters).length > 0;
}
