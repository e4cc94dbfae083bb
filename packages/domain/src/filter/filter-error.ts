import { filterKeysMaxCount, filterMaxLength } from '@outpilot/contracts';
/** Which list-query parameter an error is about; the server names it in the 422 body. */
export type ListQueryParameter = '$filter' | '$orderby' | '$take' | '$skip' | 'keywords';

/**
 * Every rejection of a list query: bad syntax, an unknown or mistyped field, a broken limit.
 * The message is meant for the user as it is (e.g. 'Unknown field "password" at 0').
 */
export class FilterError extends Error {
  override readonly name = 'FilterError';
  readonly parameter: ListQueryParameter;
  /** 0-based offset in the parameter's text, when the error points at one. */
  readonly position: number | undefined;

  constructor(message: string, options: { parameter?: ListQueryParameter; position?: number } = {}) {
    super(message);
    this.parameter = options.parameter ?? '$filter';
    this.position = options.position;
  }
}

/**
 * Hard limits against hostile input. The spec's 'Filter keys searched up to 1000'
 * (filterKeysMaxCount) bounds `in` lists; the length is the contracts' filterMaxLength, which fits
 * 1,000 picked ids as `id in ('…', …)` (the server reads request heads that long:
 * requestHeadMaxBytes).
 */
export type FilterLimits = {
  maxLength: number;
  maxDepth: number;
  maxNodes: number;
  maxInItems: number;
};

export const defaultFilterLimits: FilterLimits = {
  maxLength: filterMaxLength,
  maxDepth: 32,
  maxNodes: 200,
  maxInItems: filterKeysMaxCount,
};
