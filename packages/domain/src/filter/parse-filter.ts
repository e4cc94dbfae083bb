import type { ComparisonOperator, FilterLiteral, FilterNode } from './filter-ast.ts';
import { defaultFilterLimits, FilterError, type FilterLimits } from './filter-error.ts';
import type { FilterFieldSpec } from './filter-field-spec.ts';
import { type FilterToken, tokenizeFilter } from './tokenize-filter.ts';
import { validateFilter } from './validate-filter.ts';

const comparisonWords: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'lt', 'ge', 'le']);

/**
 * Parses a `$filter` text into its tree without checking fields (see parseFilter for that).
 * Empty or blank text means "no filter" and gives null. Grammar, loosest binding first:
 *   or := and ('or' and)* ; and := unary ('and' unary)* ; unary := 'not' unary | primary
 *   primary := '(' or ')' | path op value | path 'in' '(' value, … ')' | path '/any(' [var ':' or] ')'
 */
export function parseFilterSyntax(
  text: string,
  limits: FilterLimits = defaultFilterLimits,
): FilterNode | null {
  if (text.length > limits.maxLength) {
    throw new FilterError(`Filter is too long (at most ${limits.maxLength} characters)`);
  }
  if (text.trim() === '') return null;
  const parser = new FilterParser(tokenizeFilter(text), limits);
  return parser.parseAll();
}

/** parseFilterSyntax then validateFilter: the one call a list endpoint needs. */
export function parseFilter(
  text: string,
  spec: FilterFieldSpec,
  limits: FilterLimits = defaultFilterLimits,
): FilterNode | null {
  const ast = parseFilterSyntax(text, limits);
  return ast === null ? null : validateFilter(ast, spec);
}

class FilterParser {
  private index = 0;
  private depth = 0;
  private nodes = 0;

  constructor(
    private readonly tokens: readonly FilterToken[],
    private readonly limits: FilterLimits,
  ) {}

  parseAll(): FilterNode {
    const node = this.parseOr();
    const next = this.peek();
    if (next.kind === ')') {
      throw this.error(`Unbalanced parentheses: unexpected ")" at ${next.position}`, next);
    }
    if (next.kind !== 'end') throw this.error(`Unexpected "${next.text}" at ${next.position}`, next);
    return node;
  }

  private parseOr(): FilterNode {
    const operands = [this.parseAnd()];
    while (this.isWord('or')) {
      this.index += 1;
      operands.push(this.parseAnd());
    }
    return operands.length === 1 ? (operands[0] as FilterNode) : this.count({ kind: 'or', operands });
  }

  private parseAnd(): FilterNode {
    const operands = [this.parseUnary()];
    while (this.isWord('and')) {
      this.index += 1;
      operands.push(this.parseUnary());
    }
    return operands.length === 1 ? (operands[0] as FilterNode) : this.count({ kind: 'and', operands });
  }

  private parseUnary(): FilterNode {
    if (this.isWord('not')) {
      this.index += 1;
      return this.nested(() => this.count({ kind: 'not', operand: this.parseUnary() }));
    }
    const token = this.peek();
    if (token.kind === '(') {
      this.index += 1;
      return this.nested(() => {
        const inner = this.parseOr();
        this.expectClose(token);
        return inner;
      });
    }
    return this.parsePredicate();
  }

  private parsePredicate(): FilterNode {
    const start = this.peek();
    if (start.kind !== 'identifier' || isReservedWord(start.text)) {
      throw this.error(describeExpected('a field name', start), start);
    }
    const segments = [start.text];
    this.index += 1;
    while (this.peek().kind === '/') {
      this.index += 1;
      const segment = this.peek();
      if (segment.kind !== 'identifier')
        throw this.error(describeExpected('a name after "/"', segment), segment);
      this.index += 1;
      if (segment.text === 'any' && this.peek().kind === '(') {
        return this.parseAny(segments.join('/'), start.position);
      }
      segments.push(segment.text);
    }
    const field = segments.join('/');
    const operator = this.peek();
    if (operator.kind === 'identifier' && comparisonWords.has(operator.text)) {
      this.index += 1;
      const value = this.parseLiteral(`after ${operator.text}`);
      return this.count({
        kind: 'comparison',
        field,
        operator: operator.text as ComparisonOperator,
        value,
        position: start.position,
      });
    }
    if (operator.kind === 'identifier' && operator.text === 'in') {
      this.index += 1;
      return this.count({ kind: 'in', field, values: this.parseList(operator), position: start.position });
    }
    throw this.error(describeExpected(`an operator after ${field}`, operator), operator);
  }

  private parseList(inToken: FilterToken): FilterLiteral[] {
    const open = this.peek();
    if (open.kind !== '(') throw this.error(describeExpected('"(" after in', open), open);
    this.index += 1;
    const values = [this.parseLiteral(`in the list at ${inToken.position}`)];
    while (this.peek().kind === ',') {
      this.index += 1;
      if (values.length >= this.limits.maxInItems) {
        throw this.error(
          `Too many values in the list at ${inToken.position} (at most ${this.limits.maxInItems})`,
          inToken,
        );
      }
      values.push(this.parseLiteral(`in the list at ${inToken.position}`));
    }
    this.expectClose(open);
    return values;
  }

  private parseAny(field: string, position: number): FilterNode {
    const open = this.peek();
    this.index += 1;
    if (this.peek().kind === ')') {
      this.index += 1;
      return this.count({ kind: 'any', field, variable: null, predicate: null, position });
    }
    const variable = this.peek();
    if (variable.kind !== 'identifier' || isReservedWord(variable.text)) {
      throw this.error(describeExpected(`a variable name in ${field}/any(`, variable), variable);
    }
    this.index += 1;
    const colon = this.peek();
    if (colon.kind !== ':') throw this.error(describeExpected(`":" after ${variable.text}`, colon), colon);
    this.index += 1;
    return this.nested(() => {
      const predicate = this.parseOr();
      this.expectClose(open);
      return this.count({ kind: 'any', field, variable: variable.text, predicate, position });
    });
  }

  private parseLiteral(where: string): FilterLiteral {
    const token = this.peek();
    const literal = toLiteral(token);
    if (literal === null) throw this.error(describeExpected(`a value ${where}`, token), token);
    this.index += 1;
    return literal;
  }

  private expectClose(open: FilterToken): void {
    const token = this.peek();
    if (token.kind === ')') {
      this.index += 1;
      return;
    }
    if (token.kind === 'end') {
      throw this.error(`Unbalanced parentheses: "(" at ${open.position} is never closed`, open);
    }
    throw this.error(describeExpected('")"', token), token);
  }

  private nested<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > this.limits.maxDepth) {
      throw new FilterError(`Filter is nested too deeply (at most ${this.limits.maxDepth} levels)`);
    }
    const result = parse();
    this.depth -= 1;
    return result;
  }

  private count<T extends FilterNode>(node: T): T {
    this.nodes += 1;
    if (this.nodes > this.limits.maxNodes) {
      throw new FilterError(`Filter is too complex (at most ${this.limits.maxNodes} conditions)`);
    }
    return node;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.kind === 'identifier' && token.text === word;
  }

  private peek(): FilterToken {
    // The tokenizer always ends with an `end` token, and the parser never moves past it.
    return this.tokens[this.index] ?? (this.tokens[this.tokens.length - 1] as FilterToken);
  }

  private error(message: string, token: FilterToken): FilterError {
    return new FilterError(message, { position: token.position });
  }
}

const reservedWords: ReadonlySet<string> = new Set([...comparisonWords, 'and', 'or', 'not', 'in']);
function isReservedWord(word: string): boolean {
  return reservedWords.has(word);
}

function toLiteral(token: FilterToken): FilterLiteral | null {
  switch (token.kind) {
    case 'string':
      return { kind: 'string', value: token.value };
    case 'number':
      return { kind: 'number', value: token.value };
    case 'datetime':
      return { kind: 'datetime', value: token.text };
    case 'guid':
      return { kind: 'guid', value: token.text };
    case 'identifier':
      if (token.text === 'true' || token.text === 'false')
        return { kind: 'boolean', value: token.text === 'true' };
      if (token.text === 'null') return { kind: 'null', value: null };
      if (isReservedWord(token.text)) return null;
      return { kind: 'identifier', value: token.text };
    default:
      return null;
  }
}

function describeExpected(what: string, found: FilterToken): string {
  const got = found.kind === 'end' ? 'the end of the filter' : `"${found.text.slice(0, 40)}"`;
  return `Expected ${what} at ${found.position}, found ${got}`;
}
