import { FilterError } from './filter-error.ts';

export type FilterToken =
  | { kind: 'identifier'; text: string; position: number }
  | { kind: 'string'; text: string; value: string; position: number }
  | { kind: 'number'; text: string; value: number; position: number }
  | { kind: 'datetime'; text: string; position: number }
  | { kind: 'guid'; text: string; position: number }
  | { kind: '(' | ')' | ',' | '/' | ':'; text: string; position: number }
  | { kind: 'end'; text: ''; position: number };

// Sticky patterns, tried at the current offset. Order matters: a guid such as 2024abcd-… and a
// date both start with digits, and a guid may start with letters that would read as a word.
const guidPattern = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])/y;
const datetimePattern =
  /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?(?![\w:.+-])/y;
const numberPattern = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/y;
const identifierPattern = /[A-Za-z_][A-Za-z0-9_]*/y;
const wordPattern = /[\w.:+-]*\w[\w.:+-]*/y;
const punctuation = new Set(['(', ')', ',', '/', ':']);
const maxIdentifierLength = 100;

function matchAt(pattern: RegExp, text: string, position: number): string | null {
  pattern.lastIndex = position;
  return pattern.exec(text)?.[0] ?? null;
}

/** Splits a filter into tokens; the last one is always `end`. Linear in the text's length. */
export function tokenizeFilter(text: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let position = 0;
  while (position < text.length) {
    const char = text.charAt(position);
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n') {
      position += 1;
      continue;
    }
    if (punctuation.has(char)) {
      tokens.push({ kind: char as '(' | ')' | ',' | '/' | ':', text: char, position });
      position += 1;
      continue;
    }
    if (char === "'") {
      const token = readString(text, position);
      tokens.push(token);
      position += token.text.length;
      continue;
    }
    const guid = matchAt(guidPattern, text, position);
    if (guid !== null) {
      tokens.push({ kind: 'guid', text: guid, position });
      position += guid.length;
      continue;
    }
    const datetime = matchAt(datetimePattern, text, position);
    if (datetime !== null) {
      tokens.push({ kind: 'datetime', text: datetime, position });
      position += datetime.length;
      continue;
    }
    const number = matchAt(numberPattern, text, position);
    if (number !== null) {
      const value = Number(number);
      if (!Number.isFinite(value)) throw new FilterError(`Number out of range at ${position}`, { position });
      tokens.push({ kind: 'number', text: number, value, position });
      position += number.length;
      continue;
    }
    const identifier = matchAt(identifierPattern, text, position);
    if (identifier !== null) {
      if (identifier.length > maxIdentifierLength) {
        throw new FilterError(`Name too long at ${position}`, { position });
      }
      tokens.push({ kind: 'identifier', text: identifier, position });
      position += identifier.length;
      continue;
    }
    throw unexpectedAt(text, position);
  }
  tokens.push({ kind: 'end', text: '', position });
  return tokens;
}

/** A malformed word (`12abc`, `2024-13`) is named whole; anything else by its character. */
function unexpectedAt(text: string, position: number): FilterError {
  wordPattern.lastIndex = position;
  const word = wordPattern.exec(text)?.[0];
  const what =
    word === undefined ? `character ${JSON.stringify(text.charAt(position))}` : `"${word.slice(0, 40)}"`;
  return new FilterError(`Unexpected ${what} at ${position}`, { position });
}

/** `'it''s'` is the string `it's` (OData doubles the quote to escape it). */
function readString(text: string, start: number): FilterToken {
  let value = '';
  let position = start + 1;
  for (;;) {
    const close = text.indexOf("'", position);
    if (close === -1) throw new FilterError(`Unterminated string starting at ${start}`, { position: start });
    value += text.slice(position, close);
    if (text.charAt(close + 1) === "'") {
      value += "'";
      position = close + 2;
      continue;
    }
    return { kind: 'string', text: text.slice(start, close + 1), value, position: start };
  }
}
