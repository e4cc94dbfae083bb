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
 * Hard limits against hostile input. The spec's 'Filter keys searched up to 1000' bounds `in`
 * lists. The length allows a page of 100 selected contacts sent as `id in ('…', …)` (about
 * 4,100 characters) with room to spare while staying well under Node's 16 KB request-line limit.
 */
export type FilterLimits = {
  maxLength: number;
  maxDepth: number;
  maxNodes: number;
  maxInItems: number;
};

export const defaultFilterLimits: FilterLimits = {
  maxLength: 8000,
  maxDepth: 32,
  maxNodes: 200,
  maxInItems: 1000,
};
