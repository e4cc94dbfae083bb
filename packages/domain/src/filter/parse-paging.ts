import { FilterError, type ListQueryParameter } from './filter-error.ts';

export type Paging = { take: number; skip: number };
export type PagingRules = { defaultTake: number; maxTake: number; maxSkip?: number };

/** Deep offsets make the database walk every skipped row; past this, narrow the filter instead. */
export const defaultMaxSkip = 10_000_000;

/**
 * `$take` and `$skip` as they come from a query string (text) or a body (number). Missing take
 * is defaultTake, missing skip 0; negatives, fractions, words and out-of-range values are errors.
 */
export function parsePaging(
  input: { take?: string | number | null | undefined; skip?: string | number | null | undefined },
  rules: PagingRules,
): Paging {
  const maxSkip = rules.maxSkip ?? defaultMaxSkip;
  const take = toCount(input.take, '$take') ?? rules.defaultTake;
  const skip = toCount(input.skip, '$skip') ?? 0;
  if (take > rules.maxTake) {
    throw new FilterError(`$take must be at most ${rules.maxTake}`, { parameter: '$take' });
  }
  if (skip > maxSkip) throw new FilterError(`$skip must be at most ${maxSkip}`, { parameter: '$skip' });
  return { take, skip };
}

function toCount(value: string | number | null | undefined, parameter: ListQueryParameter): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    // Digits only: Number() would also take '1e3', '0x10' and ' 12 '.
    if (!/^-?\d+(\.\d+)?$/.test(text) || text.length > 16) {
      throw new FilterError(`${parameter} must be a whole number`, { parameter });
    }
    return checkCount(Number(text), parameter);
  }
  return checkCount(value, parameter);
}

function checkCount(value: number, parameter: ListQueryParameter): number {
  if (!Number.isSafeInteger(value))
    throw new FilterError(`${parameter} must be a whole number`, { parameter });
  if (value < 0) throw new FilterError(`${parameter} must not be negative`, { parameter });
  return value;
}
