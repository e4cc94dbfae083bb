/**
 * A value of Rest.li protocol 2.0, the notation of Sales Navigator's `query=` parameter:
 * `(keywords:cto,filters:List((type:REGION,values:List((id:103644278,selectionType:INCLUDED)))))`.
 */
export type RestliValue = string | readonly RestliValue[] | { readonly [key: string]: RestliValue };

function decodeLeaf(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Parses a whole Rest.li value, or returns undefined when the text is not one. Strings stay
 * percent-encoded inside the notation (a comma in a company name is %2C), so each leaf is
 * decoded after it has been cut out.
 */
export function parseRestli(text: string): RestliValue | undefined {
  let position = 0;

  const parseString = (): string => {
    const begin = position;
    while (position < text.length && !',():'.includes(text.charAt(position))) position += 1;
    return decodeLeaf(text.slice(begin, position));
  };

  const parseValue = (depth: number): RestliValue | undefined => {
    if (depth > 20) return undefined;
    if (text.startsWith('List(', position)) {
      position += 5;
      const items: RestliValue[] = [];
      if (text.charAt(position) === ')') {
        position += 1;
        return items;
      }
      for (;;) {
        const item = parseValue(depth + 1);
        if (item === undefined) return undefined;
        items.push(item);
        const next = text.charAt(position);
        position += 1;
        if (next === ')') return items;
        if (next !== ',') return undefined;
      }
    }
    if (text.charAt(position) === '(') {
      position += 1;
      const record: Record<string, RestliValue> = {};
      if (text.charAt(position) === ')') {
        position += 1;
        return record;
      }
      for (;;) {
        const key = parseString();
        if (key === '' || text.charAt(position) !== ':') return undefined;
        position += 1;
        const value = parseValue(depth + 1);
        if (value === undefined) return undefined;
        record[key] = value;
        const next = text.charAt(position);
        position += 1;
        if (next === ')') return record;
        if (next !== ',') return undefined;
      }
    }
    return parseString();
  };

  const value = parseValue(0);
  return value !== undefined && position === text.length ? value : undefined;
}

export function isRestliRecord(
  value: RestliValue | undefined,
): value is { readonly [key: string]: RestliValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
