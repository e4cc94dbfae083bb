import { contactFilterFields, contactSortableFields } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import type { FilterFieldSpec } from './filter-field-spec.ts';
import { parseFilter } from './parse-filter.ts';
import { parseOrderBy } from './parse-orderby.ts';

// The contracts literal cannot import the domain type; this line keeps the two in step.
const contactSpec: FilterFieldSpec = contactFilterFields;
const importId = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';

describe('contact list filters', () => {
  it('accepts what the contacts screen sends', () => {
    const filter = [
      `tags/any(t: t eq '${importId}')`,
      'distance in (1, 2)',
      'is_premium eq true',
      'contacted ge 2026-01-01T00:00:00Z and contacted lt 2026-02-01T00:00:00Z',
      `not campaigns/any(c: c eq '${importId}')`,
      "location in ('Berlin, Germany', 'Paris')",
    ].join(' and ');
    expect(parseFilter(filter, contactSpec)).toMatchObject({ kind: 'and' });
    expect(parseOrderBy('imported desc', contactSortableFields)).toEqual([
      { field: 'imported', direction: 'desc' },
    ]);
  });

  it('refuses fields outside the allow-list', () => {
    expect(() => parseFilter("workspace_id eq 'x'", contactSpec)).toThrow('Unknown field "workspace_id"');
    expect(() => parseOrderBy('linkedin_entity_id asc', contactSortableFields)).toThrow('Cannot sort by');
  });
});
