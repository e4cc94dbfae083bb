import {
  FilterError,
  type FilterFieldSpec,
  type OrderByItem,
  parseFilter,
  parseOrderBy,
  parsePaging,
  toIlikePattern,
} from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import { ValidationError } from '../errors.ts';
import { compileFilter, type FieldMappings } from './compile-filter.ts';

/** A list endpoint's query as it arrives (ARCHITECTURE "API shape"); text or numbers, unchecked. */
export type ListQueryInput = {
  filter?: string | undefined;
  orderby?: string | undefined;
  keywords?: string | undefined;
  take?: string | number | undefined;
  skip?: string | number | undefined;
};

/** What one list endpoint allows, and where each field lives in SQL. */
export type ListQueryDefinition<Sortable extends string> = {
  /** The `$filter` allow-list (from @outpilot/contracts). */
  spec: FilterFieldSpec;
  /** The SQL of every field of `spec`. */
  fields: FieldMappings;
  sortable: readonly Sortable[];
  /** The column of each sortable field. */
  sortColumns: Readonly<Record<Sortable, SQL>>;
  /** Used when `$orderby` is blank, e.g. 'imported desc'. */
  defaultOrderBy: string;
  /** The unique tiebreaker appended to every order (the row id). */
  idColumn: SQL;
  /** Columns the keywords are searched in (ILIKE, one pattern, OR-ed). */
  searchColumns: readonly SQL[];
  /**
   * An indexed text holding every search column as a substring (a trigram index over it): the
   * search also requires it to match, which changes no result but lets ONE index find the rows.
   */
  searchIndexedText?: SQL;
  paging: { defaultTake: number; maxTake: number; maxSkip?: number };
};

export type CompiledListQuery = {
  /** The filter and the keyword search, AND-ed; undefined when neither is given. Add the tenancy scope. */
  where: SQL | undefined;
  /** ORDER BY items, ending with the id tiebreaker. */
  orderBy: SQL;
  /**
   * The same order backwards, row for row: every direction flipped, nulls included (PostgreSQL
   * puts them last ascending and first descending, so flipping the direction flips them too).
   */
  reversedOrderBy: SQL;
  orderByItems: OrderByItem[];
  take: number;
  skip: number;
};

/**
 * Parses and compiles a list query: `$filter` through the domain parser onto the allow-list,
 * `$orderby` with a unique tiebreaker, paging, keywords as a bound ILIKE pattern. Every value is
 * a parameter. A bad query throws ValidationError (422) naming the parameter.
 */
export function compileListQuery<Sortable extends string>(
  input: ListQueryInput,
  definition: ListQueryDefinition<Sortable>,
): CompiledListQuery {
  try {
    const ast = input.filter === undefined ? null : parseFilter(input.filter, definition.spec);
    const filter = ast === null ? undefined : compileFilter(ast, definition.fields);
    const search = compileSearch(input.keywords, definition.searchColumns, definition.searchIndexedText);
    const where = filter && search ? sql`${filter} and ${search}` : (filter ?? search);
    const requested = parseOrderBy(input.orderby ?? '', definition.sortable);
    const orderByItems =
      requested.length > 0 ? requested : parseOrderBy(definition.defaultOrderBy, definition.sortable);
    const paging = parsePaging({ take: input.take, skip: input.skip }, definition.paging);
    return {
      where,
      orderBy: compileOrderBy(orderByItems, definition.sortColumns, definition.idColumn),
      reversedOrderBy: compileOrderBy(
        orderByItems.map((item) => ({ ...item, direction: item.direction === 'asc' ? 'desc' : 'asc' })),
        definition.sortColumns,
        definition.idColumn,
      ),
      orderByItems,
      take: paging.take,
      skip: paging.skip,
    };
  } catch (error) {
    throw toValidationError(error);
  }
}

/**
 * The keyword condition alone (for endpoints with a search but no list, e.g. locations): any of
 * `columns` matches, and `indexedText` too when given (see ListQueryDefinition.searchIndexedText).
 */
export function compileSearch(
  keywords: string | undefined,
  columns: readonly SQL[],
  indexedText?: SQL,
): SQL | undefined {
  if (keywords === undefined) return undefined;
  if (keywords.includes('\u0000')) {
    throw new FilterError('Search text must not contain NUL characters', { parameter: 'keywords' });
  }
  const pattern = toIlikePattern(keywords);
  if (pattern === null || columns.length === 0) return undefined;
  const matches = (column: SQL) => sql`${column} ilike ${pattern} escape '\\'`;
  const anyColumn = sql`(${sql.join(columns.map(matches), sql.raw(' or '))})`;
  return indexedText === undefined ? anyColumn : sql`(${matches(indexedText)} and ${anyColumn})`;
}

/**
 * ORDER BY with the id last, in the direction of the last item, so `order by imported desc, id
 * desc` walks the (persona_id, imported_at, id) index backwards. Nulls sort as PostgreSQL's
 * default (last ascending, first descending), which is also the index's order.
 */
function compileOrderBy<Sortable extends string>(
  items: readonly OrderByItem<Sortable>[],
  columns: Readonly<Record<Sortable, SQL>>,
  idColumn: SQL,
): SQL {
  const parts = items.map((item) => sql`${columns[item.field]} ${sql.raw(item.direction)}`);
  const last = items.at(-1)?.direction ?? 'asc';
  parts.push(sql`${idColumn} ${sql.raw(last)}`);
  return sql.join(parts, sql.raw(', '));
}

/** FilterError (and its parameter) → the 422 body; anything else passes through. */
export function toValidationError(error: unknown): unknown {
  if (error instanceof FilterError) return new ValidationError(error.parameter, error.message, error);
  return error;
}
