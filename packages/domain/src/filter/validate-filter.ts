import type { ComparisonOperator, FilterLiteral, FilterNode } from './filter-ast.ts';
import { FilterError } from './filter-error.ts';
import {
  type FilterCollectionField,
  type FilterFieldSpec,
  type FilterScalarType,
  findFilterField,
} from './filter-field-spec.ts';

const orderedOperators: ReadonlySet<ComparisonOperator> = new Set(['eq', 'ne', 'gt', 'lt', 'ge', 'le']);
const equalityOperators: ReadonlySet<ComparisonOperator> = new Set(['eq', 'ne']);

/** Booleans, ids and enums have no order, so only eq and ne make sense on them. */
const operatorsByType: Readonly<Record<FilterScalarType, ReadonlySet<ComparisonOperator>>> = {
  string: orderedOperators,
  number: orderedOperators,
  datetime: orderedOperators,
  boolean: equalityOperators,
  uuid: equalityOperators,
  enum: equalityOperators,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDatetimePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

type ScalarTarget = { type: FilterScalarType; values?: readonly string[] | undefined; label: string };

/**
 * Checks a parsed filter against an endpoint's allow-list and answers a copy in which every
 * literal has its field's kind: datetimes canonical ISO in UTC, uuids lower case, enum words
 * strings. Anything else (unknown field, gt on a boolean, 'abc' for a uuid) is a FilterError.
 */
export function validateFilter(node: FilterNode, spec: FilterFieldSpec): FilterNode {
  return validateNode(node, spec, null);
}

type Lambda = {
  variable: string;
  collection: string;
  element: FilterCollectionField['element'];
};

function validateNode(node: FilterNode, spec: FilterFieldSpec, lambda: Lambda | null): FilterNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return {
        kind: node.kind,
        operands: node.operands.map((operand) => validateNode(operand, spec, lambda)),
      };
    case 'not':
      return { kind: 'not', operand: validateNode(node.operand, spec, lambda) };
    case 'comparison': {
      const target = scalarTarget(node.field, node.position, spec, lambda);
      if (node.value.kind === 'null') {
        if (!equalityOperators.has(node.operator)) {
          throw new FilterError(
            `null can only be compared with eq or ne (${node.field} at ${node.position})`,
            {
              position: node.position,
            },
          );
        }
        return node;
      }
      if (!operatorsByType[target.type].has(node.operator)) {
        throw new FilterError(
          `Operator ${node.operator} cannot be used on ${target.label} (${target.type}) at ${node.position}`,
          { position: node.position },
        );
      }
      return { ...node, value: convertLiteral(node.value, target, node.position) };
    }
    case 'in': {
      const target = scalarTarget(node.field, node.position, spec, lambda);
      const values = node.values.map((value) => {
        if (value.kind === 'null') {
          throw new FilterError(`null is not allowed in an in list; use ${node.field} eq null`, {
            position: node.position,
          });
        }
        return convertLiteral(value, target, node.position);
      });
      return { ...node, values };
    }
    case 'any': {
      if (lambda !== null) {
        throw new FilterError(
          `any() cannot be nested inside ${lambda.collection}/any() at ${node.position}`,
          {
            position: node.position,
          },
        );
      }
      const field = findFilterField(spec, node.field);
      if (field === undefined) throw unknownField(node.field, node.position);
      if (field.type !== 'collection') {
        throw new FilterError(`any() can only be used on a list field; ${node.field} is not one`, {
          position: node.position,
        });
      }
      if (node.variable === null || node.predicate === null) return node;
      if (findFilterField(spec, node.variable) !== undefined) {
        throw new FilterError(
          `The variable ${node.variable} hides the field of the same name; choose another`,
          {
            position: node.position,
          },
        );
      }
      const inner: Lambda = { variable: node.variable, collection: node.field, element: field.element };
      return { ...node, predicate: validateNode(node.predicate, spec, inner) };
    }
  }
}

function scalarTarget(
  field: string,
  position: number,
  spec: FilterFieldSpec,
  lambda: Lambda | null,
): ScalarTarget {
  if (lambda !== null) {
    const { element, variable, collection } = lambda;
    if (typeof element === 'string') {
      if (field !== variable) {
        throw new FilterError(
          `Only ${variable} can be used inside ${collection}/any(), not "${field.slice(0, 100)}" at ${position}`,
          { position },
        );
      }
      return { type: element, label: `${collection} items` };
    }
    // A record element: only `variable/member` of its known members.
    const member = field.startsWith(`${variable}/`) ? field.slice(variable.length + 1) : null;
    const entry = member === null || !Object.hasOwn(element, member) ? undefined : element[member];
    if (member === null || entry === undefined) {
      const members = Object.keys(element).map((name) => `${variable}/${name}`);
      throw new FilterError(
        `Unknown field "${field.slice(0, 100)}" inside ${collection}/any() at ${position}; use ${members.join(', ')}`,
        { position },
      );
    }
    return { type: entry.type, values: entry.values, label: `${collection} ${member}` };
  }
  const entry = findFilterField(spec, field);
  if (entry === undefined) throw unknownField(field, position);
  if (entry.type === 'collection') {
    throw new FilterError(`Use ${field}/any(…) to filter by ${field}`, { position });
  }
  return { type: entry.type, values: entry.values, label: field };
}

function unknownField(field: string, position: number): FilterError {
  return new FilterError(`Unknown field "${field.slice(0, 100)}" at ${position}`, { position });
}

function convertLiteral(literal: FilterLiteral, target: ScalarTarget, position: number): FilterLiteral {
  const fail = (expected: string) =>
    new FilterError(`${target.label} needs ${expected}, not ${describeLiteral(literal)} at ${position}`, {
      position,
    });
  switch (target.type) {
    case 'string':
      if (literal.kind !== 'string') throw fail('a quoted text');
      return literal;
    case 'number':
      if (literal.kind !== 'number') throw fail('a number');
      return literal;
    case 'boolean':
      if (literal.kind !== 'boolean') throw fail('true or false');
      return literal;
    case 'uuid': {
      const text = literal.kind === 'guid' || literal.kind === 'string' ? literal.value : null;
      if (text === null || !uuidPattern.test(text)) throw fail('an id (uuid)');
      return { kind: 'guid', value: text.toLowerCase() };
    }
    case 'datetime': {
      const text = literal.kind === 'datetime' || literal.kind === 'string' ? literal.value : null;
      const iso = text === null ? null : canonicalDatetime(text);
      if (iso === null) throw fail('an ISO date-time such as 2024-01-31T00:00:00Z');
      return { kind: 'datetime', value: iso };
    }
    case 'enum': {
      const text = literal.kind === 'identifier' || literal.kind === 'string' ? literal.value : null;
      const values = target.values ?? [];
      if (text === null || !values.includes(text)) throw fail(`one of ${values.join(', ')}`);
      return { kind: 'string', value: text };
    }
  }
}

/** ISO 8601 in UTC, or null when the text is not a real date (2024-02-30 is refused). */
export function canonicalDatetime(text: string): string | null {
  const match = isoDatetimePattern.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(hour) > 23) return null;
  if (Number(minute) > 59 || Number(second) > 59) return null;
  const probe = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(probe.getTime()) || probe.getUTCDate() !== Number(day)) return null;
  // A time without a zone is read as UTC: the server has no other zone to assume.
  const withZone = match[4] === undefined ? `${text}T00:00:00Z` : zone === undefined ? `${text}Z` : text;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function describeLiteral(literal: FilterLiteral): string {
  switch (literal.kind) {
    case 'string':
      return `'${literal.value.slice(0, 40)}'`;
    case 'null':
      return 'null';
    default:
      return String(literal.value).slice(0, 40);
  }
}
