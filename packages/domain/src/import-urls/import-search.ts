import type { ImportSearchKind, invalidImportUrlMessage } from '@outpilot/contracts';

/** LinkedIn's network filter: F = 1st degree, S = 2nd, O = 3rd and beyond (out of network included). */
export type NetworkCode = 'F' | 'S' | 'O';

/**
 * The filters LinkedIn people searches carry and the sandbox can apply. Ids are kept as LinkedIn
 * writes them (geoUrn 103644278, company 1441, industry 4), so the same search can be replayed on
 * LinkedIn or served by the sandbox. An empty list means "no filter".
 */
export type PeopleSearchFilters = {
  keywords?: string;
  network: readonly NetworkCode[];
  geoUrns: readonly string[];
  companies: readonly string[];
  industries: readonly string[];
  schools: readonly string[];
};

/** What an import URL asks the network for; `kind` names the search LinkedIn runs behind it. */
export type ImportSearch =
  | { kind: 'people_search'; filters: PeopleSearchFilters }
  | { kind: 'event_attendees'; eventId: string; filters: PeopleSearchFilters }
  | { kind: 'group_members'; groupId: string }
  | { kind: 'sales_navigator_search'; filters: PeopleSearchFilters }
  | { kind: 'sales_navigator_recent_search'; recentSearchId: string }
  | { kind: 'sales_navigator_saved_search'; savedSearchId: string }
  | { kind: 'sales_navigator_lead_list'; leadListId: string };

// Keeps the contracts' list of kinds and this union in step: a kind added on one side only fails the build.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsMatch: Same<ImportSearch['kind'], ImportSearchKind> = true;
void kindsMatch;

export type ParseImportUrlResult =
  | { ok: true; search: ImportSearch }
  | { ok: false; message: typeof invalidImportUrlMessage };
