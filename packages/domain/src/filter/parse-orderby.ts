import { FilterError } from './filter-error.ts';

export type SortDirection = 'asc' | 'desc';
export type OrderByItem<Field extends string = string> = { field: Field; direction: SortDirection };

const maxOrderByLength = 500;
const maxOrderByItems = 10;

/**
 * `$orderby` as 'full_name asc, contacted desc' (the direction defaults to asc). Only fields of
 * `sortable` are accepted; blank text gives [] so the caller applies the list's default order.
 */
export function parseOrderBy<Field extends string>(
  text: string,
  sortable: readonly Field[],
): OrderByItem<Field>[] {
  if (text.length > maxOrderByLength) {
    throw orderByError(`$orderby is too long (at most ${maxOrderByLength} characters)`);
  }
  if (text.trim() === '') return [];
  const parts = text.split(',');
  if (parts.length > maxOrderByItems) throw orderByError(`Sort by at most ${maxOrderByItems} fields`);
  const seen = new Set<string>();
  return parts.map((part) => {
    const words = part.trim().split(/\s+/);
    const [field = '', direction = 'asc', extra] = words;
    if (field === '') throw orderByError('Expected a field name in $orderby');
    const known = sortable.find((candidate) => candidate === field);
    if (known === undefined) throw orderByError(`Cannot sort by "${field.slice(0, 100)}"`);
    const lower = direction.toLowerCase();
    if ((lower !== 'asc' && lower !== 'desc') || extra !== undefined) {
      throw orderByError(`Expected asc or desc after ${field}`);
    }
    if (seen.has(field)) throw orderByError(`${field} is sorted by twice`);
    seen.add(field);
    return { field: known, direction: lower };
  });
}

/** Back to the wire form, e.g. for the web app building a query. */
export function formatOrderBy(items: readonly OrderByItem[]): string {
  return items.map((item) => `${item.field} ${item.direction}`).join(',');
}

function orderByError(message: string): FilterError {
  return new FilterError(message, { parameter: '$orderby' });
}
