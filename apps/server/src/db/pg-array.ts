/**
 * A PostgreSQL array literal of simple values (uuids, integers, limit kind names), bound as ONE
 * parameter and cast in SQL (`${pgArray(ids)}::uuid[]`): the values need no quoting, and the
 * cast rejects anything else.
 */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}
