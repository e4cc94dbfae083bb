/**
 * The typed tree of a `$filter` expression (the OData subset of ARCHITECTURE.md "API shape").
 * The server walks it to build parameterised SQL; values never reach SQL text, so every literal
 * keeps its kind and its JavaScript value side by side.
 */

export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le';
export const comparisonOperators: readonly ComparisonOperator[] = ['eq', 'ne', 'gt', 'lt', 'ge', 'le'];

/**
 * As parsed: `'text'` is string, `2024-01-01T00:00:00Z` datetime, a bare uuid guid and a bare
 * word such as `Compose` identifier. validateFilter rewrites each literal to its field's type,
 * so after validation only string, number, boolean, null, datetime (canonical ISO, UTC) and guid
 * (lower case) remain.
 */
export type FilterLiteral =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null'; value: null }
  | { kind: 'datetime'; value: string }
  | { kind: 'guid'; value: string }
  | { kind: 'identifier'; value: string };

/** `field op literal`. Inside an any() lambda, `field` is the lambda variable (the element). */
export type ComparisonNode = {
  kind: 'comparison';
  /** A path such as `campaign_id` or `linkedin_contact/id`. */
  field: string;
  operator: ComparisonOperator;
  value: FilterLiteral;
  /** 0-based offset of the field in the filter text, for error messages. */
  position: number;
};

/** `field in (a, b, c)`: never empty, at most filterLimits.maxInItems values. */
export type InNode = { kind: 'in'; field: string; values: FilterLiteral[]; position: number };

/** Chains are flattened: `a and b and c` is one node with three operands, never nested pairs. */
export type AndNode = { kind: 'and'; operands: FilterNode[] };
export type OrNode = { kind: 'or'; operands: FilterNode[] };
export type NotNode = { kind: 'not'; operand: FilterNode };

/**
 * `tags/any(t: t eq 'x')`: some element of the collection satisfies the predicate, in which the
 * element is named by `variable`. `tags/any()` (variable and predicate null) means non-empty.
 */
export type AnyNode = {
  kind: 'any';
  field: string;
  variable: string | null;
  predicate: FilterNode | null;
  position: number;
};

export type FilterNode = ComparisonNode | InNode | AndNode | OrNode | NotNode | AnyNode;

/** The JavaScript value a literal stands for, ready to be bound as a query parameter. */
export function literalValue(literal: FilterLiteral): string | number | boolean | null {
  return literal.value;
}
