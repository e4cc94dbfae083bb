import { describe, expect, it } from 'vitest';
import { normalizeText, parseKeywordQuery } from './keyword-query.ts';

const matches = (keywords: string, text: string) => parseKeywordQuery(keywords)(normalizeText(text));

describe('parseKeywordQuery', () => {
  it('matches whole words, ignoring case and accents', () => {
    expect(matches('cto', 'CTO at Globex')).toBe(true);
    expect(matches('cto', 'Director of Product')).toBe(false);
    expect(matches('zurich', 'ETH Zürich')).toBe(true);
  });

  it('needs every word, keeps quoted phrases together, and reads OR, AND and NOT', () => {
    expect(matches('head growth', 'Head of Growth at Hooli')).toBe(true);
    expect(matches('"head growth"', 'Head of Growth at Hooli')).toBe(false);
    expect(matches('"head of growth"', 'Head of Growth at Hooli')).toBe(true);
    expect(matches('cto OR founder', 'Co-founder & CEO')).toBe(true);
    expect(matches('engineer AND NOT senior', 'Senior Software Engineer')).toBe(false);
    expect(matches('engineer NOT senior', 'Software Engineer')).toBe(true);
  });

  it('treats empty keywords as no filter', () => {
    expect(matches('', 'anyone')).toBe(true);
    expect(matches('  AND  ', 'anyone')).toBe(true);
  });
});
