import { type ComparisonOperator, FilterError, type FilterLiteral, type FilterNode } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Where a scalar filter field lives: an SQL expression (a column, usually) and whether it can be
 * null, which decides how negations are compiled (see compileFilter).
 */
export type ScalarFieldMapping = {
  kind: 'scalar';
  column: SQL;
  nullable: boolean;
  /**
   * The column's integer type, if it has one: a whole-number literal in its range is bound as that
   * type, so the comparison stays on the column (its statistics and indexes serve it). Bound as
   * numeric, the column itself would be cast, and the planner would guess (0.5% per value).
   */
  integerType?: IntegerType;
};

type IntegerType = 'smallint' | 'integer' | 'bigint';
const integerRanges: Readonly<Record<IntegerType, readonly [number, number]>> = {
  smallint: [-32_768, 32_767],
  integer: [-2_147_483_648, 2_147_483_647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * A collection filtered with any(): `exists(condition)` answers the EXISTS subquery over the
 * collection's rows of the current row, with `condition` added when the lambda has a predicate.
 * The condition is on `element` (a value, never null) for a collection of values, or on the
 * `members` of a collection of records (`e/state` is `members.state`).
 */
export type CollectionFieldMapping =
  | { kind: 'collection'; element: SQL; exists: (condition: SQL | undefined) => SQL }
  | {
      kind: 'collection';
      members: Readonly<Record<string, ScalarFieldMapping>>;
      exists: (condition: SQL | undefined) => SQL;
    };

export type FieldMapping = ScalarFieldMapping | CollectionFieldMapping;

/** The SQL side of an endpoint's allow-list: every field of its FilterFieldSpec, and no other. */
export type FieldMappings = Readonly<Record<string, FieldMapping>>;

const negatedOperators: Readonly<Record<ComparisonOperator, ComparisonOperator>> = {
  eq: 'ne',
  ne: 'eq',
  gt: 'le',
  ge: 'lt',
  lt: 'ge',
  le: 'gt',
};

const sqlOperators: Readonly<Record<ComparisonOperator, SQL>> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

type Scope = { variable: string; mapping: CollectionFieldMapping } | null;

/**
 * Compiles a validated filter tree (parseFilter of @outpilot/domain) to a parameterised SQL
 * condition: every literal is a bound parameter, every field goes through `fields`.
 *
 * Logic is two-valued as OData's: `not (contacted gt X)` keeps contacts never contacted. So NOT is
 * pushed down to the leaves (De Morgan) and a negated comparison on a nullable column adds
 * `or column is null`; the leaves stay sargable for the indexes. `eq null` is IS NULL.
 */
export function compileFilter(node: FilterNode, fields: FieldMappings): SQL {
  return compileNode(node, fields, false, null);
}

function compileNode(node: FilterNode, fields: FieldMappings, negated: boolean, scope: Scope): SQL {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const operands = node.operands.map((operand) => compileNode(operand, fields, negated, scope));
      // not (a and b) = not a or not b; not (a or b) = not a and not b.
      const joinWithAnd = (node.kind === 'and') !== negated;
      return sql`(${sql.join(operands, sql.raw(joinWithAnd ? ' and ' : ' or '))})`;
    }
    case 'not':
      return compileNode(node.operand, fields, !negated, scope);
    case 'comparison': {
      const target = scalarOf(node.field, fields, scope);
      const operator = negated ? negatedOperators[node.operator] : node.operator;
      if (node.value.kind === 'null') {
        return operator === 'eq' ? sql`${target.column} is null` : sql`${target.column} is not null`;
      }
      const value = parameterOf(node.value, target.integerType);
      const condition = sql`${target.column} ${sqlOperators[operator]} ${value}`;
      // A null column satisfies "not equal" and every negated comparison.
      return target.nullable && (operator === 'ne' || negated)
        ? sql`(${condition} or ${target.column} is null)`
        : condition;
    }
    case 'in': {
      const target = scalarOf(node.field, fields, scope);
      const list = sql.join(
        node.values.map((value) => parameterOf(value, target.integerType)),
        sql.raw(', '),
      );
      if (!negated) return sql`${target.column} in (${list})`;
      return target.nullable
        ? sql`(${target.column} not in (${list}) or ${target.column} is null)`
        : sql`${target.column} not in (${list})`;
    }
    case 'any': {
      const mapping = fields[node.field];
      if (mapping?.kind !== 'collection') throw unmapped(node.field);
      const condition =
        node.variable === null || node.predicate === null
          ? undefined
          : compileNode(node.predicate, fields, false, { variable: node.variable, mapping });
      const exists = mapping.exists(condition);
      return negated ? sql`not ${exists}` : exists;
    }
  }
}

function scalarOf(
  field: string,
  fields: FieldMappings,
  scope: Scope,
): { column: SQL; nullable: boolean; integerType?: IntegerType | undefined } {
  if (scope !== null) {
    const { variable, mapping } = scope;
    if ('element' in mapping) {
      if (field === variable) return { column: mapping.element, nullable: false };
    } else if (field.startsWith(`${variable}/`)) {
      const member = field.slice(variable.length + 1);
      if (Object.hasOwn(mapping.members, member)) return mapping.members[member] as ScalarFieldMapping;
    }
    throw unmapped(field);
  }
  const mapping = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (mapping?.kind !== 'scalar') throw unmapped(field);
  return mapping;
}

/** A validated literal as a bound parameter with an explicit type, so no text ever becomes SQL. */
function parameterOf(literal: FilterLiteral, integerType?: IntegerType): SQL {
  switch (literal.kind) {
    case 'string':
    case 'identifier':
      return sql`${checkText(literal.value)}::text`;
    case 'number': {
      const number = literal.value;
      if (!Number.isFinite(number)) throw new FilterError(`${number} is not a usable number`);
      const range = integerType === undefined ? undefined : integerRanges[integerType];
      if (range !== undefined && Number.isInteger(number) && number >= range[0] && number <= range[1]) {
        return sql`${String(number)}::${sql.raw(integerType as IntegerType)}`;
      }
      return sql`${String(number)}::numeric`;
    }
    case 'boolean':
      return sql`${literal.value}::boolean`;
    case 'guid':
      return sql`${literal.value}::uuid`;
    case 'datetime':
      return sql`${checkDatetime(literal.value)}::timestamptz`;
    case 'null':
      return sql`null`;
  }
}

/** PostgreSQL text cannot hold NUL; refuse it instead of failing in the driver. */
function checkText(value: string): string {
  if (value.includes('\u0000')) throw new FilterError('Filter text must not contain NUL characters');
  return value;
}

/** PostgreSQL has no year 0 and stops at year 294276; the parser allows 0000-9999. */
function checkDatetime(iso: string): string {
  const year = Number(iso.slice(0, 4));
  if (!(year >= 1)) throw new FilterError(`${iso} is not a usable date`);
  return iso;
}

/** A field the spec allows but the endpoint forgot to map: a programming error, not user input. */
function unmapped(field: string): Error {
  return new Error(`list-query: field "${field}" has no SQL mapping`);
}
