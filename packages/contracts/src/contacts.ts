import { z } from 'zod';
import { storedStepTypes } from './campaigns.ts';
import { csvFileAnswer, defineEndpoint } from './endpoint.ts';
import { executionSchema, executionStates } from './executions.ts';
import { formatCount } from './format-count.ts';
import { filterKeysMaxCount, filterTextSchema, requireSelection, selectAllSchema } from './list-filter.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * Contacts calls of seed 002 §7.1. Wire names stay snake_case as the spec's raw contact gives
 * them. The `$filter` grammar, its limits and the paging rules live in @outpilot/domain (filter/);
 * these schemas bound the raw strings and name the fields each list allows.
 */

/** Paths under the main API base (apiBasePath). */
export const contactsPaths = {
  page: '/contacts/page',
  export: '/contacts/export',
  csvExample: '/contacts/csv-example',
  locations: '/contacts/locations',
  /** DELETE with $filter and/or keywords, like the preview. */
  delete: '/contacts',
  deletePreview: '/contacts/delete/preview',
} as const;

// ---------------------------------------------------------------------------------------------
// List queries (shared shape of every list endpoint: ARCHITECTURE.md "API shape")

/** Page size choices of §9; take above the largest is refused. */
export const contactPageSizes = [10, 25, 50, 100] as const;
export const defaultContactPageSize = 25;
export const contactsMaxTake = 100;
export const contactsMaxSkip = 10_000_000;
export const contactsOrderByMaxLength = 500;
export const contactsKeywordsMaxLength = 200;
/** A cursor carries the last row's sort values (long text at most 1,000 characters) and its id. */
export const contactsCursorMaxLength = 8000;

const countText = (parameter: string, max: number) =>
  z.coerce
    .number({ error: `${parameter} must be a whole number` })
    .int({ error: `${parameter} must be a whole number` })
    .min(0, { error: `${parameter} must not be negative` })
    .max(max, { error: `${parameter} must be at most ${max}` });

/**
 * Query string of GET contacts/page and contacts/export. Everything arrives as text; take and
 * skip are coerced here, the filter and order are parsed against contactFilterFields and
 * contactSortableFields by the domain. `keywords` (the spec's name) and `$searchQuery`
 * (ARCHITECTURE's) are the same search; either may be sent.
 */
export const contactsPageQuerySchema = z.object({
  $take: countText('$take', contactsMaxTake).optional(),
  $skip: countText('$skip', contactsMaxSkip).optional(),
  $filter: filterTextSchema.optional(),
  $orderby: z.string().max(contactsOrderByMaxLength).optional(),
  keywords: z.string().max(contactsKeywordsMaxLength).optional(),
  $searchQuery: z.string().max(contactsKeywordsMaxLength).optional(),
  /**
   * Keyset paging: the `next_cursor` of the previous page; the page starts after that row, at
   * the same cost at any depth. Sent instead of $skip, with the same $orderby (and usually the
   * same filter). Ignored by the export.
   */
  $after: z.string().max(contactsCursorMaxLength).optional(),
  /**
   * A campaign id: each contact of the page then carries its execution in that campaign (null
   * when it has none), so a campaign's contacts page with its Status column is one call. Ignored
   * by the export.
   */
  with_execution_of: z.uuid({ error: 'with_execution_of must be a campaign id' }).optional(),
});
export type ContactsPageQuery = z.infer<typeof contactsPageQuerySchema>;
export type ContactsPageQueryInput = z.input<typeof contactsPageQuerySchema>;

/** A list answer: one page of documents and the count of all matches. */
function listAnswerSchema<Document extends z.ZodType>(document: Document) {
  return z.object({
    documents: z.array(document),
    total: wholeNumber().nonnegative(),
    /** Set when total came from the planner's estimate rather than an exact count (huge lists). */
    total_is_estimate: z.boolean().optional(),
  });
}

/**
 * DELETE contacts and GET contacts/delete/preview: "filter and searchQuery" (§7.1), no paging;
 * with neither, `all=true` must say that every contact is meant.
 */
export const contactsSelectionQuerySchema = z
  .object({
    filter: filterTextSchema.optional(),
    searchQuery: z.string().max(contactsKeywordsMaxLength).optional(),
    all: selectAllSchema.optional(),
  })
  .superRefine(requireSelection);
export type ContactsSelectionQuery = z.infer<typeof contactsSelectionQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Contact document: GET contacts/page

export const contactTextMaxLength = 255;
export const contactLongTextMaxLength = 1000;
export const contactUrlMaxLength = 2048;
export const publicIdentifierMaxLength = 100;

const text = z.string().max(contactTextMaxLength);
const longText = z.string().max(contactLongTextMaxLength);
const isoDatetime = z.iso.datetime({ offset: true });

/** Connection degree: 1st, 2nd, 3rd+ (null when unknown, e.g. a profile not yet visited). */
export const contactDistanceSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();
export type ContactDistance = z.infer<typeof contactDistanceSchema>;

export const contactActionSchema = z.object({
  enabled: z.boolean(),
  /** Why the action is disabled, shown as a tooltip. */
  hint: z.string().max(500).nullable(),
});
export type ContactAction = z.infer<typeof contactActionSchema>;

export const contactDocumentSchema = z.object({
  id: z.uuid(),
  created: isoDatetime,
  picture_url: z.string().max(contactUrlMaxLength).nullable(),
  full_name: text,
  first_name: text,
  last_name: text,
  /** Null for a contact known only by a Sales Navigator lead id so far. */
  linkedin_public_identifier: z.string().max(publicIdentifierMaxLength).nullable(),
  /** The headline. */
  occupation: longText.nullable(),
  is_premium: z.boolean(),
  distance: contactDistanceSchema,
  linkedin_entity_id: z.string().max(100).nullable(),
  /** The Sales Navigator lead id; the export's profile link of a contact known only by it. */
  sales_lead_id: z.string().max(200).nullable(),
  location: text.nullable(),
  /** The country as imported or scraped; the {country} placeholder's value. */
  country: text.nullable(),
  /** The current company. */
  last_job: text.nullable(),
  /** Last action date. */
  contacted: isoDatetime.nullable(),
  imported: isoDatetime,
  custom_field_1: longText.nullable(),
  custom_field_2: longText.nullable(),
  custom_field_3: longText.nullable(),
  /** Import list ids. */
  tags: z.array(z.uuid()).max(1000),
  /** Campaign ids. */
  campaigns: z.array(z.uuid()).max(1000),
  actions: z.object({ open_linkedin_profile: contactActionSchema }),
});
export type ContactDocument = z.infer<typeof contactDocumentSchema>;

/** A contact of GET contacts/page; `execution` only when the page was asked `with_execution_of`. */
export const contactPageDocumentSchema = contactDocumentSchema.extend({
  execution: executionSchema.nullable().optional(),
});
export type ContactPageDocument = z.infer<typeof contactPageDocumentSchema>;

export const contactsPageAnswerSchema = listAnswerSchema(contactPageDocumentSchema).extend({
  /** Present when more contacts follow this page: send it as `$after` for the next page. */
  next_cursor: z.string().max(contactsCursorMaxLength).optional(),
});
export type ContactsPageAnswer = z.infer<typeof contactsPageAnswerSchema>;

/**
 * The `$filter` allow-list of contact lists, in the shape of the domain's FilterFieldSpec.
 * `tags` are import list ids and `campaigns` campaign ids, filtered with any().
 */
export const contactFilterFields = {
  id: { type: 'uuid' },
  full_name: { type: 'string' },
  occupation: { type: 'string' },
  location: { type: 'string' },
  distance: { type: 'number' },
  is_premium: { type: 'boolean' },
  contacted: { type: 'datetime' },
  created: { type: 'datetime' },
  imported: { type: 'datetime' },
  tags: { type: 'collection', element: 'uuid' },
  campaigns: { type: 'collection', element: 'uuid' },
  /**
   * The contact's executions (one per campaign it was launched in), filtered by their members:
   * the campaign contacts page's State and Status filters (seed 001 §2), e.g.
   * `executions/any(e: e/campaign_id eq … and e/state in ('InQueue', 'InProgress'))`. `step_type`
   * is the type of the step the execution stands on (null before its first step), which words
   * its status (human_state: 'Connected' is Succeed on a Connect).
   */
  executions: {
    type: 'collection',
    element: {
      campaign_id: { type: 'uuid' },
      state: { type: 'enum', values: executionStates },
      step_type: { type: 'enum', values: storedStepTypes },
    },
  },
  custom_field_1: { type: 'string' },
  custom_field_2: { type: 'string' },
  custom_field_3: { type: 'string' },
} as const;
export type ContactFilterField = keyof typeof contactFilterFields;

/** Server-side sortable fields of §3 (`state` belongs to the campaign-contact list). */
export const contactSortableFields = [
  'full_name',
  'contacted',
  'created',
  'custom_field_1',
  'custom_field_2',
  'custom_field_3',
  'occupation',
  'location',
  'imported',
] as const;
export type ContactSortableField = (typeof contactSortableFields)[number];

/** Default orders of §9. */
export const contactDefaultOrderBy = {
  allContacts: 'imported desc',
  importList: 'imported asc',
  addToCampaign: 'imported desc',
} as const;

// ---------------------------------------------------------------------------------------------
// Locations: GET contacts/locations (the Location filter's searchable options)

export const defaultLocationsTake = 10;
export const maxLocationsTake = 50;

export const contactLocationsQuerySchema = z.object({
  searchQuery: z.string().max(contactsKeywordsMaxLength).optional(),
  take: countText('take', maxLocationsTake).default(defaultLocationsTake),
});
export type ContactLocationsQuery = z.infer<typeof contactLocationsQuerySchema>;

export const contactLocationsAnswerSchema = z.object({ documents: z.array(text) });
export type ContactLocationsAnswer = z.infer<typeof contactLocationsAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Removal preview: GET contacts/delete/preview

export const contactsDeletePreviewAnswerSchema = z.object({
  /** Contacts the rules keep from deletion, by rule; empty when every contact can go. */
  validation_rules_summary: z
    .array(z.object({ count: wholeNumber().nonnegative(), description: z.string().max(500) }))
    .max(100),
  valid_audience_count: wholeNumber().nonnegative(),
});
export type ContactsDeletePreviewAnswer = z.infer<typeof contactsDeletePreviewAnswerSchema>;

/** DELETE contacts: the spec shows no body; the count feeds 'Contacts are deleted from the system'. */
export const deleteContactsAnswerSchema = z.object({ deleted_count: wholeNumber().nonnegative() });
export type DeleteContactsAnswer = z.infer<typeof deleteContactsAnswerSchema>;

export const contactsTexts = {
  added: 'Contacts are added',
  excluded: 'Contacts are excluded',
  deleted: 'Contacts are deleted from the system',
  /** Not in the spec: more rows picked one by one than a bulk call takes (filterKeysMaxCount). */
  tooManyPicked: `Pick at most ${formatCount(filterKeysMaxCount)} contacts one by one, or use Select all`,
  selectOtherContacts: 'Please select other contacts',
  upgradeToPro: 'Upgrade your plan to Pro',
} as const;

// ---------------------------------------------------------------------------------------------
// Endpoints (§7.1), each scoped to the caller's workspace

const contactsCall = {
  service: 'api',
  access: 'user',
  tags: ['contacts'],
  errors: ['UnprocessableEntity'],
} as const;

export const contactsEndpoints = {
  page: defineEndpoint({
    ...contactsCall,
    method: 'GET',
    path: contactsPaths.page,
    summary: 'One page of contacts ($filter, $orderby, keywords, $take, $skip) and the total',
    description:
      'total is exact up to 10,000 matches; above that it is the planner estimate and total_is_estimate is true.',
    query: contactsPageQuerySchema,
    answers: { 200: contactsPageAnswerSchema },
  }),
  export: defineEndpoint({
    ...contactsCall,
    method: 'GET',
    path: contactsPaths.export,
    summary: 'The contacts of a query as a CSV file (streamed; paging ignored)',
    query: contactsPageQuerySchema,
    answers: { 200: csvFileAnswer },
  }),
  csvExample: defineEndpoint({
    ...contactsCall,
    errors: [],
    method: 'GET',
    path: contactsPaths.csvExample,
    summary: 'The contact file template (9 columns, 2 sample rows)',
    answers: { 200: csvFileAnswer },
  }),
  locations: defineEndpoint({
    ...contactsCall,
    method: 'GET',
    path: contactsPaths.locations,
    summary: "Distinct locations of the workspace's contacts matching searchQuery (Location filter)",
    query: contactLocationsQuerySchema,
    answers: { 200: contactLocationsAnswerSchema },
  }),
  deletePreview: defineEndpoint({
    ...contactsCall,
    method: 'GET',
    path: contactsPaths.deletePreview,
    summary: 'How many selected contacts can be deleted, and what keeps the others',
    query: contactsSelectionQuerySchema,
    answers: { 200: contactsDeletePreviewAnswerSchema },
  }),
  delete: defineEndpoint({
    ...contactsCall,
    method: 'DELETE',
    path: contactsPaths.delete,
    summary: 'Delete the selected contacts the rules allow (not in running campaigns)',
    query: contactsSelectionQuerySchema,
    answers: { 200: deleteContactsAnswerSchema },
  }),
};
