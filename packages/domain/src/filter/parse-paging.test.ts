import { describe, expect, it } from 'vitest';
import { FilterError } from './filter-error.ts';
import { parsePaging } from './parse-paging.ts';

const rules = { defaultTake: 25, maxTake: 100 };

describe('parsePaging', () => {
  it('applies defaults', () => {
    expect(parsePaging({}, rules)).toEqual({ take: 25, skip: 0 });
    expect(parsePaging({ take: '', skip: ' ' }, rules)).toEqual({ take: 25, skip: 0 });
  });

  it('reads text and numbers', () => {
    expect(parsePaging({ take: '50', skip: '100' }, rules)).toEqual({ take: 50, skip: 100 });
    expect(parsePaging({ take: 0, skip: 10_000_000 }, rules)).toEqual({ take: 0, skip: 10_000_000 });
  });

  it.each([
    [{ take: '-1' }, '$take', '$take must not be negative'],
    [{ skip: -5 }, '$skip', '$skip must not be negative'],
    [{ take: '2.5' }, '$take', '$take must be a whole number'],
    [{ take: 'ten' }, '$take', '$take must be a whole number'],
    [{ take: '1e2' }, '$take', '$take must be a whole number'],
    [{ skip: Number.NaN }, '$skip', '$skip must be a whole number'],
    [{ skip: '99999999999999999999' }, '$skip', '$skip must be a whole number'],
    [{ take: '101' }, '$take', '$take must be at most 100'],
    [{ skip: 10_000_001 }, '$skip', '$skip must be at most 10000000'],
  ])('rejects %j', (input, parameter, message) => {
    let caught: unknown;
    try {
      parsePaging(input, rules);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    expect((caught as FilterError).message).toBe(message);
    expect((caught as FilterError).parameter).toBe(parameter);
  });
});
