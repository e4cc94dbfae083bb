import { z } from 'zod';

/**
 * Seed 002 §9 'Filter keys searched up to 1000': the most values an `in` list takes, so the most
 * rows a user can pick one by one for a bulk action (beyond it, 'Select all' sends the filter).
 */
export const filterKeysMaxCount = 1000;

/**
 * The longest filter any list call takes: a selection of filterKeysMaxCount picked rows is sent
 * as `id in ('…', …)`, about 40,000 characters, and the rest is room for the list's own clauses
 * (its campaign, its import list).
 */
export const filterMaxLength = 48_000;

/**
 * The largest request line and headers the server reads: such a filter, URL-encoded in a GET's
 * query string as the calls of §7 send it, is about 50 KB (Node's default stops at 16 KB).
 */
export const requestHeadMaxBytes = 64 * 1024;

/** A `$filter` or `filter` parameter: the OData subset, parsed on each list's allow-list. */
export const filterTextSchema = z.string().max(filterMaxLength, {
  error: `Filter is too long (at most ${filterMaxLength} characters)`,
});

/**
 * `all=true` on a call that deletes or excludes: the caller means every row its filter and search
 * leave (or every row, with neither). Without it, a call with neither a filter nor a search is
 * refused, so a dropped or misspelt parameter can never widen a deletion to everything.
 */
export const selectAllSchema = z.literal('true', { error: 'all must be true when sent' });

export const nothingSelectedMessage =
  'Nothing is selected: send a filter or a search, or all=true to act on every row';

const hasText = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** The refusal of a destructive call's query that selects nothing and does not say all=true. */
export function requireSelection(
  query: { filter?: string | undefined; searchQuery?: string | undefined; all?: 'true' | undefined },
  context: z.RefinementCtx,
): void {
  if (hasText(query.filter) || hasText(query.searchQuery) || query.all === 'true') return;
  context.addIssue({ code: 'custom', path: ['filter'], message: nothingSelectedMessage });
}
