import type { FilterLiteral, FilterNode } from './filter-ast.ts';

/**
 * Writes a filter tree as `$filter` text, the inverse of parseFilterSyntax: parsing the text gives
 * the same tree back (positions aside). Callers build a tree and never write filter text by hand,
 * so a quote in a value or a missing parenthesis cannot change what a filter selects. A compound
 * operand (and, or) is parenthesised inside and, or and not, which keeps nested chains as built.
 */
export function formatFilter(node: FilterNode): string {
  switch (node.kind) {
    case 'comparison':
      return `${node.field} ${node.operator} ${formatFilterLiteral(node.value)}`;
    case 'in':
      return `${node.field} in (${node.values.map(formatFilterLiteral).join(', ')})`;
    case 'and':
    case 'or':
      return node.operands.map(formatOperand).join(` ${node.kind} `);
    case 'not':
      return `not ${formatOperand(node.operand)}`;
    case 'any':
      return node.variable === null || node.predicate === null
        ? `${node.field}/any()`
        : `${node.field}/any(${node.variable}: ${formatFilter(node.predicate)})`;
  }
}

function formatOperand(node: FilterNode): string {
  return node.kind === 'and' || node.kind === 'or' ? `(${formatFilter(node)})` : formatFilter(node);
}

/** One literal as the tokenizer reads it back: strings quoted with ' doubled, the others bare. */
export function formatFilterLiteral(literal: FilterLiteral): string {
  switch (literal.kind) {
    case 'string':
      return `'${literal.value.replaceAll("'", "''")}'`;
    case 'number':
      if (!Number.isFinite(literal.value))
        throw new RangeError(`A filter cannot hold the number ${literal.value}`);
      return String(literal.value);
    case 'boolean':
      return String(literal.value);
    case 'null':
      return 'null';
    case 'datetime':
    case 'guid':
    case 'identifier':
      return literal.value;
  }
}

// Builders, so callers write trees as briefly as they once wrote text.

export const filterString = (value: string): FilterLiteral => ({ kind: 'string', value });
export const filterNumber = (value: number): FilterLiteral => ({ kind: 'number', value });
export const filterBoolean = (value: boolean): FilterLiteral => ({ kind: 'boolean', value });
export const filterNull: FilterLiteral = { kind: 'null', value: null };
/** An instant as the lists take it: ISO 8601 in UTC, to the second. */
export const filterInstant = (date: Date): FilterLiteral => ({
  kind: 'datetime',
  value: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
});

export function filterCompare(
  field: string,
  operator: Extract<FilterNode, { kind: 'comparison' }>['operator'],
  value: FilterLiteral,
): FilterNode {
  return { kind: 'comparison', field, operator, value, position: 0 };
}
export function filterIn(field: string, values: FilterLiteral[]): FilterNode {
  return { kind: 'in', field, values, position: 0 };
}
export function filterAny(field: string, variable: string, predicate: FilterNode): FilterNode {
  return { kind: 'any', field, variable, predicate, position: 0 };
}
export function filterNot(operand: FilterNode): FilterNode {
  return { kind: 'not', operand };
}
/** `and` of the operands; one operand alone, none: null. */
export function filterAnd(operands: readonly FilterNode[]): FilterNode | null {
  if (operands.length === 0) return null;
  return operands.length === 1 ? (operands[0] as FilterNode) : { kind: 'and', operands: [...operands] };
}
export function filterOr(operands: readonly FilterNode[]): FilterNode | null {
  if (operands.length === 0) return null;
  return operands.length === 1 ? (operands[0] as FilterNode) : { kind: 'or', operands: [...operands] };
}
