import { FilterError } from './filter-error.ts';

/** Keyword search of list endpoints; longer text is refused rather than scanned. */
export const maxSearchTextLength = 200;

// Characters the web app escapes before sending keywords (§5 'special characters are escaped').
const specialCharacters = /[\\+\-!(){}[\]^"~*?:/%_&|]/g;

/**
 * The web side of §5: every special character gets a backslash, then escaped asterisks are
 * restored, so `*` stays a wildcard and everything else is taken literally by toIlikePattern.
 */
export function escapeSearchText(text: string): string {
  return text.replace(specialCharacters, (char) => `\\${char}`).replaceAll('\\*', '*');
}

/**
 * The server side: keywords (escaped or not) → a pattern for `ILIKE ? ESCAPE '\'` matching them
 * anywhere. `\x` is a literal x, `*` a wildcard; %, _ and \ are escaped for LIKE. Blank gives
 * null (no search). The server binds the pattern as a parameter; it never enters SQL text.
 */
export function toIlikePattern(keywords: string): string | null {
  const text = keywords.trim();
  if (text === '') return null;
  if (text.length > maxSearchTextLength) {
    throw new FilterError(`Search text must be at most ${maxSearchTextLength} characters`, {
      parameter: 'keywords',
    });
  }
  let pattern = '';
  for (let index = 0; index < text.length; index += 1) {
    let char = text.charAt(index);
    if (char === '\\' && index + 1 < text.length) {
      index += 1;
      char = text.charAt(index);
      pattern += escapeLike(char);
    } else if (char === '*') {
      pattern += '%';
    } else {
      pattern += escapeLike(char);
    }
  }
  return `%${pattern}%`;
}

function escapeLike(char: string): string {
  return char === '%' || char === '_' || char === '\\' ? `\\${char}` : char;
}
