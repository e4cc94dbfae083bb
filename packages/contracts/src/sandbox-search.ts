import { z } from 'zod';
import { connectionDegreeSchema, networkProfileSchema } from './network.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * People search of the simulated network (apps/sandbox), served under sandboxBasePath. It takes
 * the LinkedIn URL the user pasted in the import wizard (seed 002 §2.4) and answers one page of
 * the people behind it, so the importer runs the same code against the sandbox as against
 * LinkedIn's own search (network-api.md §1, "People search", "Sales Nav search").
 */
export const sandboxSearchPeoplePath = '/api/search/people';

/** The URL sources of the import wizard (seed 002 §2.4); the other sources need no network search. */
export const importUrlSources = [
  'network_search',
  'event_attendees',
  'group_members',
  'sales_navigator_search',
] as const;
export const importUrlSourceSchema = z.enum(importUrlSources);
export type ImportUrlSource = z.infer<typeof importUrlSourceSchema>;

/** What a pasted URL turned out to be (the `kind` of @outpilot/domain's ImportSearch). */
export const importSearchKinds = [
  'people_search',
  'event_attendees',
  'group_members',
  'sales_navigator_search',
  'sales_navigator_recent_search',
  'sales_navigator_saved_search',
  'sales_navigator_lead_list',
] as const;
export const importSearchKindSchema = z.enum(importSearchKinds);
export type ImportSearchKind = z.infer<typeof importSearchKindSchema>;

/** The most a page may hold; LinkedIn's own clients ask for up to 49 (basic) or 100 (Sales Navigator). */
export const maxSearchPageSize = 50;
/**
 * The deepest result LinkedIn lets anyone reach: basic, group and event searches stop at 1000
 * (paging ends at start=1000), Sales Navigator at 2500 (network-api.md §2.1 "Search depth").
 * `total` still counts every match; `reachable` is what paging can actually return.
 */
export const basicSearchReachableLimit = 1000;
export const salesNavigatorReachableLimit = 2500;
/** The wizard's message for a link it cannot use (seed 002 §5). */
export const invalidImportUrlMessage = 'Check your link and try again';

export const sandboxSearchQuerySchema = z.object({
  url: z.string().trim().min(1).max(4000),
  /** The wizard's source card; without it the source is inferred from the URL. */
  source: importUrlSourceSchema.optional(),
  start: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(maxSearchPageSize).default(10),
});
export type SandboxSearchQuery = z.infer<typeof sandboxSearchQuerySchema>;

/** A member the search may show in full. */
export const visibleSearchHitSchema = networkProfileSchema.extend({ invisible: z.literal(false) });

/**
 * A "LinkedIn Member" row: a private profile, or an out-of-network one the viewer may not open
 * (network-api.md §2.3, TQ#488). No name and no public identifier, so an importer cannot keep
 * it and counts it as skipped ('profiles are invisible or duplicates and were skipped').
 */
export const invisibleSearchHitSchema = z.object({
  invisible: z.literal(true),
  name: z.literal('LinkedIn Member'),
  publicIdentifier: z.null(),
  headline: z.string(),
  location: z.string(),
  degree: connectionDegreeSchema,
});

export const searchHitSchema = z.discriminatedUnion('invisible', [
  visibleSearchHitSchema,
  invisibleSearchHitSchema,
]);
export type SearchHit = z.infer<typeof searchHitSchema>;

export const sandboxSearchResponseSchema = z.object({
  kind: importSearchKindSchema,
  /** Every member the search matches, also those beyond `reachable`. */
  total: wholeNumber().min(1),
  /** min(total, 1000 or 2500): paging past it returns no elements. */
  reachable: wholeNumber().min(1),
  start: wholeNumber().min(0),
  /** The page size asked for; `elements` is shorter on the last page. */
  count: wholeNumber().min(1),
  elements: z.array(searchHitSchema),
});
export type SandboxSearchResponse = z.infer<typeof sandboxSearchResponseSchema>;

/**
 * The filter ids the sandbox knows (what LinkedIn's typeahead would offer) and its seeded groups
 * and events, so demos and tests can build search URLs that find people.
 */
export const sandboxSearchFacetsPath = '/api/search/facets';

const facetSchema = z.object({ id: z.string(), name: z.string() });
const communityFacetSchema = facetSchema.extend({ url: z.string() });
export const sandboxSearchFacetsSchema = z.object({
  /** geoUrn ids of countries and cities. */
  locations: z.array(facetSchema),
  companies: z.array(facetSchema),
  industries: z.array(facetSchema),
  schools: z.array(facetSchema),
  groups: z.array(communityFacetSchema),
  events: z.array(communityFacetSchema),
});
export type SandboxSearchFacets = z.infer<typeof sandboxSearchFacetsSchema>;
