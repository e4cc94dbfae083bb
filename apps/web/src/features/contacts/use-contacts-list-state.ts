import { type ContactSortableField, contactDefaultOrderBy, contactSortableFields } from '@outpilot/contracts';
import { escapeSearchText, formatOrderBy, type OrderByItem, parseOrderBy } from '@outpilot/domain';
import { useCallback, useMemo, useState } from 'react';
import {
  buildContactsFilter,
  type ContactFilters,
  type ContactsScope,
  emptyContactFilters,
} from './filters/contact-filters.ts';
import { type ContactPageSize, readPageSize, writePageSize } from './grid/grid-settings.ts';
import { type ContactsSelection, noSelection } from './selection/contacts-selection.ts';

export type ContactsOrder = OrderByItem<ContactSortableField>;

function parseOrder(text: string): ContactsOrder {
  const [first] = parseOrderBy(text, contactSortableFields);
  return first ?? { field: 'imported', direction: 'desc' };
}

/** A list's scope and, when not its scope's usual one (§9), its default order. */
export type ContactsListOptions = ContactsScope & { defaultOrderBy?: string | undefined };

/** Filters with the instant their periods end at, fixed when they are applied. */
type AppliedFilters = { filters: ContactFilters; now: Date };

/**
 * What a contacts list shows: its filters, keywords, order, page, page size and selection, and
 * the GET contacts/page query they make. A new filter, search or page size starts again at the
 * first page with nothing selected; a new order keeps the selection.
 */
export function useContactsListState(options: ContactsListOptions) {
  const { defaultOrderBy, ...scope } = options;
  const defaultOrderText =
    defaultOrderBy ?? (scope.importId ? contactDefaultOrderBy.importList : contactDefaultOrderBy.allContacts);
  const [applied, setApplied] = useState<AppliedFilters>({ filters: emptyContactFilters, now: new Date() });
  const [keywords, setKeywords] = useState('');
  const [order, setOrder] = useState<ContactsOrder>(() => parseOrder(defaultOrderText));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<ContactPageSize>(readPageSize);
  const [selection, setSelection] = useState<ContactsSelection>(noSelection);

  const filter = buildContactsFilter(applied.filters, applied.now, scope);
  const searchQuery = keywords === '' ? undefined : escapeSearchText(keywords);
  const query = useMemo(
    () => ({
      $take: pageSize,
      $skip: page * pageSize,
      $filter: filter,
      $orderby: formatOrderBy([order]),
      keywords: searchQuery,
    }),
    [pageSize, page, filter, order, searchQuery],
  );

  const resetList = () => {
    setPage(0);
    setSelection(noSelection);
  };
  const applyFilters = (filters: ContactFilters) => {
    setApplied({ filters, now: new Date() });
    resetList();
  };
  const search = (text: string) => {
    setKeywords(text);
    resetList();
  };
  const changePageSize = (size: ContactPageSize) => {
    writePageSize(size);
    setPageSize(size);
    resetList();
  };
  const changeOrder = useCallback(
    (next: ContactsOrder | null) => {
      setOrder(next ?? parseOrder(defaultOrderText));
      setPage(0);
    },
    [defaultOrderText],
  );

  return {
    filters: applied.filters,
    keywords,
    order,
    page,
    pageSize,
    selection,
    /** The list's whole selection as the calls take it: its filter and search. */
    listSelection: { filter, searchQuery },
    query,
    applyFilters,
    search,
    changeOrder,
    setPage,
    changePageSize,
    setSelection,
  };
}
