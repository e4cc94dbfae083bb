/**
 * Reads one list filter of a people search URL. LinkedIn writes them as JSON arrays
 * (network=["F","S"], once percent-decoded); older links and hand-edited ones use the plain
 * comma form (network=F,S). Returns undefined when the value is malformed.
 */
export function readListParam(value: string): string[] | undefined {
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!Array.isArray(parsed)) return undefined;
    const items: string[] = [];
    for (const item of parsed) {
      if (typeof item === 'string') items.push(item.trim());
      else if (typeof item === 'number' && Number.isInteger(item)) items.push(String(item));
      else return undefined;
    }
    return items.filter((item) => item !== '');
  }
  return text
    .split(',')
    .map((item) => item.trim().replace(/^"(.*)"$/, '$1'))
    .filter((item) => item !== '');
}
