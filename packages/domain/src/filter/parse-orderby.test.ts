import { describe, expect, it } from 'vitest';
import { FilterError } from './filter-error.ts';
import { formatOrderBy, parseOrderBy } from './parse-orderby.ts';

const sortable = ['full_name', 'contacted', 'imported'] as const;

describe('parseOrderBy', () => {
  it('reads fields and directions, asc by default', () => {
    expect(parseOrderBy('imported desc', sortable)).toEqual([{ field: 'imported', direction: 'desc' }]);
    expect(parseOrderBy(' full_name , contacted DESC', sortable)).toEqual([
      { field: 'full_name', direction: 'asc' },
      { field: 'contacted', direction: 'desc' },
    ]);
  });

  it('gives no order for blank text', () => {
    expect(parseOrderBy('', sortable)).toEqual([]);
    expect(parseOrderBy('   ', sortable)).toEqual([]);
  });

  it.each([
    ['password asc', 'Cannot sort by "password"'],
    ['full_name sideways', 'Expected asc or desc after full_name'],
    ['full_name asc; DROP TABLE contacts', 'Expected asc or desc after full_name'],
    ['full_name asc extra', 'Expected asc or desc after full_name'],
    ['full_name,', 'Expected a field name in $orderby'],
    ['full_name, full_name desc', 'full_name is sorted by twice'],
    ['constructor', 'Cannot sort by "constructor"'],
    [`full_name ${' '.repeat(600)}`, '$orderby is too long'],
  ])('rejects %j', (text, message) => {
    let caught: unknown;
    try {
      parseOrderBy(text, sortable);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    expect((caught as FilterError).message).toContain(message);
    expect((caught as FilterError).parameter).toBe('$orderby');
  });

  it('formats back to the wire form', () => {
    expect(
      formatOrderBy([
        { field: 'imported', direction: 'desc' },
        { field: 'full_name', direction: 'asc' },
      ]),
    ).toBe('imported desc,full_name asc');
  });
});
