import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ComparisonOperator, FilterLiteral, FilterNode } from './filter-ast.ts';
import {
  filterAnd,
  filterCompare,
  filterInstant,
  filterNot,
  filterString,
  formatFilter,
} from './format-filter.ts';
import { parseFilterSyntax } from './parse-filter.ts';

const reserved = new Set([
  'eq',
  'ne',
  'gt',
  'lt',
  'ge',
  'le',
  'and',
  'or',
  'not',
  'in',
  'any',
  'true',
  'false',
  'null',
]);
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/).filter((word) => !reserved.has(word));
const field = fc.array(name, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
const operator = fc.constantFrom<ComparisonOperator>('eq', 'ne', 'gt', 'lt', 'ge', 'le');

const literal: fc.Arbitrary<FilterLiteral> = fc.oneof(
  fc.string({ unit: 'grapheme' }).map((value) => ({ kind: 'string' as const, value })),
  fc
    .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
    .filter((value) => !Object.is(value, -0))
    .map((value) => ({ kind: 'number' as const, value })),
  fc.boolean().map((value) => ({ kind: 'boolean' as const, value })),
  fc.constant({ kind: 'null' as const, value: null }),
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((date) => filterInstant(date)),
  fc.uuid().map((value) => ({ kind: 'guid' as const, value })),
  name.map((value) => ({ kind: 'identifier' as const, value })),
);

/** Trees as parseFilterSyntax builds them: and/or chains of two or more, positions at 0. */
const { tree } = fc.letrec<{ tree: FilterNode }>((recur) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .record({ field, operator, value: literal })
      .map((node) => filterCompare(node.field, node.operator, node.value)),
    fc
      .record({ field, values: fc.array(literal, { minLength: 1, maxLength: 4 }) })
      .map(({ field, values }): FilterNode => ({ kind: 'in', field, values, position: 0 })),
    fc
      .record({
        kind: fc.constantFrom('and' as const, 'or' as const),
        operands: fc.array(recur('tree'), { minLength: 2, maxLength: 3 }),
      })
      .map((node): FilterNode => node),
    recur('tree').map((operand): FilterNode => ({ kind: 'not', operand })),
    fc
      .record({ field, variable: name, predicate: recur('tree') })
      .map((node): FilterNode => ({ ...node, kind: 'any', position: 0 })),
    field.map((field): FilterNode => ({ kind: 'any', field, variable: null, predicate: null, position: 0 })),
  ),
}));

/** The tree without the text offsets the parser records. */
function withoutPositions(node: FilterNode | null): unknown {
  return JSON.parse(JSON.stringify(node, (key, value) => (key === 'position' ? undefined : value)));
}

describe('formatFilter', () => {
  it('writes text the parser reads back as the same tree', () => {
    // Seed pinned: the same trees on every run, so a failure here is a change, never chance.
    fc.assert(
      fc.property(tree, (node) => {
        expect(
          withoutPositions(
            parseFilterSyntax(formatFilter(node), {
              maxLength: 100_000,
              maxDepth: 100,
              maxNodes: 10_000,
              maxInItems: 100,
            }),
          ),
        ).toEqual(withoutPositions(node));
      }),
      { seed: 190, numRuns: 500 },
    );
  });

  it('quotes values, so a quote in one cannot end the string', () => {
    expect(formatFilter(filterCompare('location', 'eq', filterString("O'Hare or id ne ''")))).toBe(
      "location eq 'O''Hare or id ne '''''",
    );
  });

  it('parenthesises compound operands and keeps a chain inside a chain as built', () => {
    const range = filterAnd([
      filterCompare('contacted', 'gt', filterInstant(new Date('2026-01-01T00:00:00.250Z'))),
      filterCompare('contacted', 'lt', filterInstant(new Date('2026-02-01T00:00:00Z'))),
    ]);
    if (range === null) throw new Error('two operands make a chain');
    expect(
      formatFilter({
        kind: 'or',
        operands: [filterCompare('contacted', 'eq', { kind: 'null', value: null }), filterNot(range)],
      }),
    ).toBe(
      'contacted eq null or not (contacted gt 2026-01-01T00:00:00Z and contacted lt 2026-02-01T00:00:00Z)',
    );
  });
});
