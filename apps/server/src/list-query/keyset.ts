import { findFilterField, type OrderByItem, type SortDirection } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { rowsOf } from '../db/rows-of.ts';
import { ValidationError } from '../errors.ts';
import type { ListQueryDefinition } from './compile-list-query.ts';
import { cursorParameter, cursorTexts, type ListCursor } from './list-cursor.ts';

/**
 * Keyset ("seek") paging: the page after a cursor is read with conditions on the order's keys
 * instead of OFFSET, so its cost does not grow with the depth. The rows after a cursor are cut
 * into consecutive SEGMENTS of the total order, each a plain condition an index can start from:
 *
 * 1. the rows tied with the cursor on every field but the last, and after it on (last field, id):
 *    a row-value comparison `(field, id) > (v, i)` (or `<` descending) that a
 *    (persona, field, id) index answers by seeking straight to the position;
 * 2. for each field from the last to the first, the rows tied on the fields before it and
 *    strictly after it on this field, nulls included where the order puts them: PostgreSQL
 *    sorts nulls last ascending and first descending (compile-list-query.ts), so ascending they
 *    form one more segment after the non-null values, descending they all come before.
 *
 * A page reads the segments in order until it has enough rows; with one sort field it is one
 * query, or two where the nulls begin.
 */

/** One field of the order, with what the seek conditions need to know about it. */
type KeysetKey = { column: SQL; direction: SortDirection; nullable: boolean; cast: string };

export type Keyset = {
  /** `field::text as "__key_n"`, …, `id::text as "__key_id"`: the select list a cursor is read back from. */
  columns: SQL;
  /** The conditions of the rows after `cursor`, in order (see above). */
  segmentsAfter: (cursor: ListCursor) => SQL[];
  /** The cursor of a row read with `columns`. */
  cursorOf: (row: Record<string, unknown>) => ListCursor;
};

const keyAlias = (index: number) => sql.raw(`"__key_${index}"`);
const idAlias = sql.raw('"__key_id"');

export function keysetOf<Sortable extends string>(
  items: readonly OrderByItem<Sortable>[],
  definition: ListQueryDefinition<Sortable>,
): Keyset {
  const keys = items.map((item) => keyOf(item, definition));
  const idField = findFilterField(definition.spec, 'id');
  const id = {
    column: definition.idColumn,
    // The id takes the last field's direction (compile-list-query.ts).
    direction: items.at(-1)?.direction ?? 'asc',
    cast: idField?.type === 'uuid' ? 'uuid' : 'text',
  };
  const parameter = (value: string, cast: string) => sql`${value}::${sql.raw(cast)}`;
  const equal = (key: KeysetKey, value: string | null) =>
    value === null ? sql`${key.column} is null` : sql`${key.column} = ${parameter(value, key.cast)}`;
  const tiedBefore = (cursor: ListCursor, count: number) =>
    keys.slice(0, count).map((key, index) => equal(key, cursor.keys[index] ?? null));
  const all = (conditions: SQL[]) =>
    conditions.length === 0 ? sql`true` : sql`(${sql.join(conditions, sql.raw(' and '))})`;

  return {
    columns: sql.join(
      [
        ...keys.map((key, index) => sql`${key.column}::text as ${keyAlias(index)}`),
        sql`${id.column}::text as ${idAlias}`,
      ],
      sql.raw(', '),
    ),
    segmentsAfter(cursor) {
      if (cursor.keys.length !== keys.length) throw new ValidationError(cursorParameter, cursorTexts.invalid);
      const last = keys.length - 1;
      const lastKey = keys[last] as KeysetKey;
      const lastValue = cursor.keys[last] ?? null;
      const idValue = parameter(cursor.id, id.cast);
      const after = sql.raw(id.direction === 'asc' ? '>' : '<');
      const segments: SQL[] = [
        all([
          ...tiedBefore(cursor, last),
          lastValue === null
            ? sql`${lastKey.column} is null and ${id.column} ${after} ${idValue}`
            : sql`(${lastKey.column}, ${id.column}) ${after} (${parameter(lastValue, lastKey.cast)}, ${idValue})`,
        ]),
      ];
      for (let index = last; index >= 0; index -= 1) {
        const key = keys[index] as KeysetKey;
        // The last field's non-null values after the cursor are already in the row comparison.
        const compared = index === last && lastValue !== null;
        for (const condition of strictlyAfter(key, cursor.keys[index] ?? null, compared, parameter)) {
          segments.push(all([...tiedBefore(cursor, index), condition]));
        }
      }
      return segments;
    },
    cursorOf(row) {
      const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
      return { keys: keys.map((_, index) => text(row[`__key_${index}`])), id: String(row.__key_id) };
    },
  };
}

/** The rows strictly after `value` on one field, as the order places them (nulls included). */
function strictlyAfter(
  key: KeysetKey,
  value: string | null,
  compared: boolean,
  parameter: (value: string, cast: string) => SQL,
): SQL[] {
  if (key.direction === 'asc') {
    // Ascending, nulls are last: after a null nothing is strictly greater.
    if (value === null) return [];
    const greater = compared ? [] : [sql`${key.column} > ${parameter(value, key.cast)}`];
    return key.nullable ? [...greater, sql`${key.column} is null`] : greater;
  }
  // Descending, nulls are first: after a null come all values, after a value only smaller ones.
  if (value === null) return [sql`${key.column} is not null`];
  return compared ? [] : [sql`${key.column} < ${parameter(value, key.cast)}`];
}

function keyOf<Sortable extends string>(
  item: OrderByItem<Sortable>,
  definition: ListQueryDefinition<Sortable>,
): KeysetKey {
  const mapping = Object.hasOwn(definition.fields, item.field) ? definition.fields[item.field] : undefined;
  const field = findFilterField(definition.spec, item.field);
  return {
    column: definition.sortColumns[item.field],
    direction: item.direction,
    // A sortable field outside the filter allow-list is treated as nullable: one more (empty) segment.
    nullable: mapping?.kind === 'scalar' ? mapping.nullable : true,
    cast: castOf(field?.type),
  };
}

function castOf(type: string | undefined): string {
  switch (type) {
    case 'datetime':
      return 'timestamptz';
    case 'number':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'uuid':
      return 'uuid';
    default:
      return 'text';
  }
}

/**
 * One page of rows: by OFFSET (`skip`), or after a cursor through its segments. Reads one row
 * more than `take` to tell whether a next page exists.
 *
 * Each read is a deferred join: the page's ids are found first (`id = any(array(select id …
 * limit … offset …))`), and only then are their rows' `select` columns computed. A select list
 * may hold subqueries (a contact's tags and campaigns); with a plain OFFSET they would be
 * computed for every skipped row too (at $skip=10,000, 10,000 times).
 */
export async function readPage<Row>(
  db: Database,
  query: { select: SQL; from: SQL; where: SQL; orderBy: SQL; idColumn: SQL; take: number; skip: number },
  segments: readonly SQL[] | null,
): Promise<{ rows: Row[]; hasMore: boolean }> {
  const wanted = query.take + 1;
  const read = async (condition: SQL | null, limit: number, offset: number) =>
    rowsOf<Row>(
      await db.execute(sql`select ${query.select} from ${query.from}
        where ${query.idColumn} = any(array(
          select ${query.idColumn} from ${query.from}
          where ${query.where}${condition ? sql` and ${condition}` : sql``}
          order by ${query.orderBy} limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}))
        order by ${query.orderBy}`),
    );
  let rows: Row[] = [];
  if (segments === null) rows = await read(null, wanted, query.skip);
  else {
    for (const segment of segments) {
      rows = rows.concat(await read(segment, wanted - rows.length, 0));
      if (rows.length >= wanted) break;
    }
  }
  return { rows: rows.slice(0, query.take), hasMore: rows.length > query.take };
}

/**
 * The page at `skip` of a list of exactly `total` rows, read from its end: OFFSET in the reversed
 * order skips `total - skip - take` rows instead of `skip`, so the last page costs what the first
 * does. Only as right as `total`: the caller knows it exactly (a kept-up tally).
 */
export async function readFromEnd<Row>(
  db: Database,
  query: { select: SQL; from: SQL; where: SQL; orderBy: SQL; idColumn: SQL; take: number; skip: number },
  reversedOrderBy: SQL,
  total: number,
): Promise<{ rows: Row[]; hasMore: boolean }> {
  const end = Math.min(query.skip + query.take, total);
  if (end <= query.skip) return { rows: [], hasMore: false };
  const { rows } = await readPage<Row>(
    db,
    { ...query, orderBy: reversedOrderBy, take: end - query.skip, skip: total - end },
    null,
  );
  return { rows: rows.reverse(), hasMore: end < total };
}
