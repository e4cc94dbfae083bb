import { describe, expect, it } from 'vitest';
import type { FilterNode } from './filter-ast.ts';
import { defaultFilterLimits, FilterError } from './filter-error.ts';
import type { FilterFieldSpec } from './filter-field-spec.ts';
import { parseFilter, parseFilterSyntax } from './parse-filter.ts';

const spec = {
  id: { type: 'uuid' },
  full_name: { type: 'string' },
  distance: { type: 'number' },
  is_premium: { type: 'boolean' },
  contacted: { type: 'datetime' },
  state: { type: 'enum', values: ['Compose', 'Running', 'Stopped', 'Completed'] },
  campaign_id: { type: 'uuid' },
  'linkedin_contact/id': { type: 'uuid' },
  tags: { type: 'collection', element: 'uuid' },
  labels: { type: 'collection', element: 'string' },
} as const satisfies FilterFieldSpec;

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

function errorOf(run: () => unknown): FilterError {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error('expected a FilterError');
}

describe('parseFilterSyntax', () => {
  it.each(['eq', 'ne', 'gt', 'lt', 'ge', 'le'] as const)('parses the %s comparison', (operator) => {
    expect(parseFilterSyntax(`distance ${operator} 2`)).toEqual({
      kind: 'comparison',
      field: 'distance',
      operator,
      value: { kind: 'number', value: 2 },
      position: 0,
    });
  });

  it('reads every literal kind', () => {
    const values = (text: string) => {
      const node = parseFilterSyntax(`x eq ${text}`);
      return node?.kind === 'comparison' ? node.value : null;
    };
    expect(values("'it''s'")).toEqual({ kind: 'string', value: "it's" });
    expect(values("''")).toEqual({ kind: 'string', value: '' });
    expect(values('-1.5e2')).toEqual({ kind: 'number', value: -150 });
    expect(values('true')).toEqual({ kind: 'boolean', value: true });
    expect(values('false')).toEqual({ kind: 'boolean', value: false });
    expect(values('null')).toEqual({ kind: 'null', value: null });
    expect(values('2024-01-31T10:00:00.5+02:00')).toEqual({
      kind: 'datetime',
      value: '2024-01-31T10:00:00.5+02:00',
    });
    expect(values('2024-01-31')).toEqual({ kind: 'datetime', value: '2024-01-31' });
    expect(values(uuid)).toEqual({ kind: 'guid', value: uuid });
    expect(values('Compose')).toEqual({ kind: 'identifier', value: 'Compose' });
  });

  it('keeps not > and > or and flattens chains', () => {
    expect(parseFilterSyntax('a eq 1 or b eq 2 and not c eq 3 and d eq 4')).toEqual({
      kind: 'or',
      operands: [
        expect.objectContaining({ field: 'a' }),
        {
          kind: 'and',
          operands: [
            expect.objectContaining({ field: 'b' }),
            { kind: 'not', operand: expect.objectContaining({ field: 'c' }) },
            expect.objectContaining({ field: 'd' }),
          ],
        },
      ],
    });
  });

  it('lets parentheses override precedence', () => {
    const node = parseFilterSyntax('(a eq 1 or b eq 2) and c eq 3');
    expect(node).toMatchObject({
      kind: 'and',
      operands: [{ kind: 'or' }, { kind: 'comparison', field: 'c' }],
    });
  });

  it('parses the spec examples', () => {
    expect(parseFilterSyntax('not (state eq Compose)')).toEqual({
      kind: 'not',
      operand: {
        kind: 'comparison',
        field: 'state',
        operator: 'eq',
        value: { kind: 'identifier', value: 'Compose' },
        position: 5,
      },
    });
    expect(parseFilterSyntax(`linkedin_contact/id eq '${uuid}'`)).toMatchObject({
      field: 'linkedin_contact/id',
    });
    expect(parseFilterSyntax("tags/any(t: t eq 'abc')")).toEqual({
      kind: 'any',
      field: 'tags',
      variable: 't',
      predicate: {
        kind: 'comparison',
        field: 't',
        operator: 'eq',
        value: { kind: 'string', value: 'abc' },
        position: 12,
      },
      position: 0,
    });
    expect(parseFilterSyntax('tags/any()')).toEqual({
      kind: 'any',
      field: 'tags',
      variable: null,
      predicate: null,
      position: 0,
    });
  });

  it('parses in lists', () => {
    expect(parseFilterSyntax("id in ('a', 'b',3)")).toEqual({
      kind: 'in',
      field: 'id',
      values: [
        { kind: 'string', value: 'a' },
        { kind: 'string', value: 'b' },
        { kind: 'number', value: 3 },
      ],
      position: 0,
    });
  });

  it('treats blank text as no filter', () => {
    expect(parseFilterSyntax('')).toBeNull();
    expect(parseFilterSyntax('  \n ')).toBeNull();
  });

  it.each([
    ['distance eq', 'Expected a value after eq at 11'],
    ['(a eq 1', 'Unbalanced parentheses: "(" at 0 is never closed'],
    ['a eq 1)', 'Unbalanced parentheses: unexpected ")" at 6'],
    ["a eq 'open", 'Unterminated string starting at 5'],
    ['1; DROP TABLE contacts', 'Unexpected character ";" at 1'],
    ['1 eq 1', 'Expected a field name at 0'],
    ['a eq 1; DROP TABLE contacts', 'Unexpected character ";" at 6'],
    ["a eq '') or 1=1 --", 'Unexpected character "=" at 13'],
    ["') or 1=1 --", 'Unterminated string starting at 0'],
    ['a eq 1 b eq 2', 'Unexpected "b" at 7'],
    ['a like 1', 'Expected an operator after a at 2'],
    ['a in 1', 'Expected "(" after in at 5'],
    ['a in ()', 'Expected a value in the list at 2 at 6'],
    ['and eq 1', 'Expected a field name at 0'],
    ['a eq and', 'Expected a value after eq at 5'],
    ['tags/any(t t eq 1)', 'Expected ":" after t at 11'],
    ['tags/any(t: t eq 1', 'Unbalanced parentheses: "(" at 8 is never closed'],
    ['a eq 12abc', 'Unexpected "12abc" at 5'],
    ['a eq 1 and', 'Expected a field name at 10'],
  ])('rejects %j', (text, message) => {
    expect(errorOf(() => parseFilterSyntax(text)).message).toContain(message);
  });

  it('reports the offset of the error', () => {
    expect(errorOf(() => parseFilterSyntax('distance eq')).position).toBe(11);
  });

  it('enforces the length limit', () => {
    const long = `a eq '${'x'.repeat(defaultFilterLimits.maxLength)}'`;
    expect(errorOf(() => parseFilterSyntax(long)).message).toBe(
      'Filter is too long (at most 48000 characters)',
    );
  });

  it('enforces the depth limit', () => {
    const ok = `${'('.repeat(32)}a eq 1${')'.repeat(32)}`;
    expect(parseFilterSyntax(ok)).toMatchObject({ kind: 'comparison' });
    const deep = `${'('.repeat(33)}a eq 1${')'.repeat(33)}`;
    expect(errorOf(() => parseFilterSyntax(deep)).message).toBe(
      'Filter is nested too deeply (at most 32 levels)',
    );
    expect(errorOf(() => parseFilterSyntax(`${'not '.repeat(40)}a eq 1`)).message).toContain(
      'nested too deeply',
    );
    expect(errorOf(() => parseFilterSyntax('('.repeat(7000))).message).toContain('nested too deeply');
  });

  it('enforces the node limit', () => {
    const conditions = (count: number) => Array.from({ length: count }, (_, i) => `a eq ${i}`).join(' or ');
    expect(parseFilterSyntax(conditions(199))).toMatchObject({ kind: 'or' });
    expect(errorOf(() => parseFilterSyntax(conditions(201))).message).toBe(
      'Filter is too complex (at most 200 conditions)',
    );
  });

  it('enforces the in-list limit', () => {
    const list = (count: number) => `a in (${Array.from({ length: count }, (_, i) => i).join(',')})`;
    expect(parseFilterSyntax(list(1000))).toMatchObject({ kind: 'in' });
    expect(errorOf(() => parseFilterSyntax(list(1001))).message).toBe(
      'Too many values in the list at 2 (at most 1000)',
    );
  });

  it('fits a page of 100 selected ids', () => {
    const ids = Array.from({ length: 100 }, () => `'${uuid}'`).join(', ');
    expect(parseFilter(`id in (${ids})`, spec)).toMatchObject({ kind: 'in' });
  });
});

describe('parseFilter (validation)', () => {
  it('normalises literals to the field type', () => {
    expect(parseFilter(`id eq '${uuid.toUpperCase()}'`, spec)).toMatchObject({
      value: { kind: 'guid', value: uuid },
    });
    expect(parseFilter('contacted gt 2024-01-31T12:00:00+02:00', spec)).toMatchObject({
      value: { kind: 'datetime', value: '2024-01-31T10:00:00.000Z' },
    });
    expect(parseFilter("contacted lt '2024-02-01'", spec)).toMatchObject({
      value: { kind: 'datetime', value: '2024-02-01T00:00:00.000Z' },
    });
    expect(parseFilter("state eq 'Running'", spec)).toMatchObject({
      value: { kind: 'string', value: 'Running' },
    });
    expect(parseFilter('not (state eq Compose)', spec)).toMatchObject({
      operand: { value: { kind: 'string', value: 'Compose' } },
    });
    expect(parseFilter('is_premium eq true and distance le 2', spec)).toMatchObject({ kind: 'and' });
  });

  it('accepts null with eq and ne on any field', () => {
    expect(parseFilter('contacted eq null', spec)).toMatchObject({ value: { kind: 'null' } });
    expect(parseFilter('full_name ne null', spec)).toMatchObject({ operator: 'ne' });
  });

  it('validates lambdas over collections', () => {
    const node: FilterNode | null = parseFilter(
      `tags/any(t: t eq ${uuid}) and labels/any(l: l in ('a', 'b'))`,
      spec,
    );
    expect(node).toMatchObject({
      kind: 'and',
      operands: [
        { kind: 'any', predicate: { value: { kind: 'guid' } } },
        { kind: 'any', predicate: { kind: 'in' } },
      ],
    });
    expect(parseFilter('not tags/any()', spec)).toMatchObject({ kind: 'not', operand: { kind: 'any' } });
  });

  it.each([
    ["password eq 'x'", 'Unknown field "password" at 0'],
    ['__proto__ eq 1', 'Unknown field "__proto__"'],
    ['constructor eq 1', 'Unknown field "constructor"'],
    ['is_premium gt true', 'Operator gt cannot be used on is_premium (boolean)'],
    [`id lt ${uuid}`, 'Operator lt cannot be used on id (uuid)'],
    ["id eq 'abc'", "id needs an id (uuid), not 'abc'"],
    ['full_name eq John', 'full_name needs a quoted text, not John'],
    ["distance eq '1'", 'distance needs a number'],
    ["is_premium eq 'true'", 'is_premium needs true or false'],
    ["contacted gt '2024-02-30'", 'contacted needs an ISO date-time'],
    ['contacted gt 2024-13-01', 'contacted needs an ISO date-time'],
    ['state eq Deleted', 'state needs one of Compose, Running, Stopped, Completed, not Deleted'],
    ['contacted gt null', 'null can only be compared with eq or ne'],
    ['id in (null)', 'null is not allowed in an in list'],
    ["tags eq 'x'", 'Use tags/any(…) to filter by tags'],
    ['full_name/any()', 'any() can only be used on a list field; full_name is not one'],
    ['nothing/any()', 'Unknown field "nothing"'],
    ["tags/any(t: full_name eq 'x')", 'Only t can be used inside tags/any(), not "full_name"'],
    ['tags/any(t: labels/any(l: l eq 1))', 'any() cannot be nested inside tags/any()'],
    ["tags/any(t: t eq 'not-a-uuid')", 'tags items needs an id (uuid)'],
    ['tags/any(id: id eq 1)', 'The variable id hides the field'],
  ])('rejects %j', (text, message) => {
    const error = errorOf(() => parseFilter(text, spec));
    expect(error.message).toContain(message);
    expect(error.parameter).toBe('$filter');
  });

  it('never lets SQL-looking text through as anything but a bound string value', () => {
    const node = parseFilter("full_name eq '''; DROP TABLE contacts; --'", spec);
    expect(node).toMatchObject({ value: { kind: 'string', value: "'; DROP TABLE contacts; --" } });
  });

  it('survives a huge hostile expression quickly', () => {
    const text = `full_name eq '${"''".repeat(3000)}'`;
    const started = performance.now();
    expect(parseFilter(text, spec)).toMatchObject({ value: { kind: 'string' } });
    expect(errorOf(() => parseFilter('a'.repeat(100_000), spec)).message).toContain('too long');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
