import { describe, expect, it } from 'vitest';
import { escapeSearchText, toIlikePattern } from './search-text.ts';

describe('escapeSearchText', () => {
  it('escapes special characters and restores asterisks', () => {
    expect(escapeSearchText('a+b (c)')).toBe('a\\+b \\(c\\)');
    expect(escapeSearchText('jo*n')).toBe('jo*n');
    expect(escapeSearchText('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeSearchText('plain words')).toBe('plain words');
  });
});

describe('toIlikePattern', () => {
  it('matches anywhere and treats * as a wildcard', () => {
    expect(toIlikePattern('john')).toBe('%john%');
    expect(toIlikePattern('  jo*n ')).toBe('%jo%n%');
  });

  it('escapes LIKE metacharacters in raw keywords', () => {
    expect(toIlikePattern('50%_off')).toBe('%50\\%\\_off%');
    // A backslash escapes the next character, as escapeSearchText produces it.
    expect(toIlikePattern('a\\x')).toBe('%ax%');
    expect(toIlikePattern('ends with \\')).toBe('%ends with \\\\%');
  });

  it('reads escaped keywords from the web app literally', () => {
    const typed = 'C++ (dev) 100% *';
    expect(toIlikePattern(escapeSearchText(typed))).toBe('%C++ (dev) 100\\% %%');
    expect(toIlikePattern(escapeSearchText('a\\*b'))).toBe('%a\\\\%b%');
  });

  it('gives null for blank text and refuses very long text', () => {
    expect(toIlikePattern('   ')).toBeNull();
    expect(() => toIlikePattern('x'.repeat(201))).toThrow('Search text must be at most 200 characters');
  });
});
