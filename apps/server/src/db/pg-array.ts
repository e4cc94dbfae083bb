/**
 * A PostgreSQL array literal of simple values (uuids, integers, limit kind names), bound as ONE
 * parameter and cast in SQL (`${pgArray(ids)}::uuid[]`): the values need no quoting, and the
 * cast rejects anything else.
 */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

/**
 * A PostgreSQL array literal of any text values (idempotency keys, names), each element quoted
 * and escaped, bound as ONE parameter: `${pgTextArray(keys)}::text[]`.
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
