import { filterKeysMaxCount } from '@outpilot/contracts';
import { buildIdsFilter } from '../filters/contact-filters.ts';

/**
 * The grid's selection (seed 002 §2.2): a list of ids picked row by row, or — after 'Select
 * all' — every contact the current filter and search find.
 */
export type ContactsSelection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'all' };

export const noSelection: ContactsSelection = { kind: 'ids', ids: new Set() };

/**
 * What a bulk call (export, delete) sends: a filter and the search text. `all` marks a 'Select
 * all' selection: a deletion with neither filter nor search must say it means every contact.
 */
export type ContactsSelectionRequest = {
  filter?: string | undefined;
  searchQuery?: string | undefined;
  all?: boolean;
};

export function selectedCount(selection: ContactsSelection, total: number): number {
  return selection.kind === 'all' ? total : selection.ids.size;
}

/**
 * Picked rows travel as `id in (…)`, which takes at most filterKeysMaxCount ids: more cannot be
 * sent, and the bar asks for fewer or for 'Select all' instead.
 */
export function isOverPickLimit(selection: ContactsSelection): boolean {
  return selection.kind === 'ids' && selection.ids.size > filterKeysMaxCount;
}

export function isRowSelected(selection: ContactsSelection, id: string): boolean {
  return selection.kind === 'all' || selection.ids.has(id);
}

/**
 * The selection after the user ticked rows on the shown page: the page's ids are replaced by
 * the ticked ones, the other pages' picks stay. Unticking a row of a 'Select all' selection
 * leaves the ticked rows of this page.
 */
export function applyPageSelection(
  selection: ContactsSelection,
  pageIds: readonly string[],
  tickedIds: readonly string[],
): ContactsSelection {
  if (selection.kind === 'all' && tickedIds.length === pageIds.length) return selection;
  const ids = new Set(selection.kind === 'all' ? [] : selection.ids);
  for (const id of pageIds) ids.delete(id);
  for (const id of tickedIds) ids.add(id);
  return { kind: 'ids', ids };
}

/** The bulk request of a selection: its ids, or the list's filter and search for 'Select all'. */
export function selectionRequest(
  selection: ContactsSelection,
  list: { filter: string | undefined; searchQuery: string | undefined },
): ContactsSelectionRequest {
  if (selection.kind === 'all') return { filter: list.filter, searchQuery: list.searchQuery, all: true };
  return { filter: buildIdsFilter([...selection.ids]) };
}

/** The query of DELETE contacts and its preview: `all=true` only for a 'Select all' selection. */
export function deletionQueryOf(selection: ContactsSelectionRequest): Record<string, string | undefined> {
  return {
    filter: selection.filter,
    searchQuery: selection.searchQuery,
    all: selection.all ? 'true' : undefined,
  };
}
