/**
 * LinkedIn's keyword box: words must all appear (AND), "quoted phrases" appear as written,
 * OR separates alternatives and NOT excludes the next term. Matching is on whole words, case
 * and accents ignored, so "cto" finds a CTO but not a Director.
 */
export type KeywordQuery = (text: string) => boolean;

type Term = { phrase: string; negated: boolean };

export function normalizeText(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+#]+/g, ' ')
    .trim();
  return words === '' ? '' : ` ${words} `;
}

function tokenize(keywords: string): string[] {
  return [...keywords.matchAll(/"([^"]*)"|(\S+)/g)].map((match) =>
    match[1] !== undefined ? `"${match[1]}` : (match[2] ?? ''),
  );
}

export function parseKeywordQuery(keywords: string): KeywordQuery {
  const alternatives: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokenize(keywords)) {
    if (token === 'AND') continue;
    if (token === 'OR') {
      alternatives.push([]);
      continue;
    }
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    const phrase = normalizeText(token.startsWith('"') ? token.slice(1) : token);
    if (phrase !== '') alternatives.at(-1)?.push({ phrase, negated: negateNext });
    negateNext = false;
  }
  const usable = alternatives.filter((terms) => terms.length > 0);
  if (usable.length === 0) return () => true;
  // `text` is already normalised (space-padded), so a phrase match is a whole-word match.
  return (text) =>
    usable.some((terms) => terms.every(({ phrase, negated }) => text.includes(phrase) !== negated));
}
