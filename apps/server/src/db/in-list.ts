/** A list of string constants as SQL literals, for check constraints over a closed list of values. */
export function inList(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(', ');
}
