import { describe, expect, it } from 'vitest';
import { splitLinks } from './message-text.tsx';

describe('splitLinks', () => {
  it('makes http(s) URLs links and leaves everything else text', () => {
    expect(splitLinks('See https://example.com/a?b=1, or <b>ftp://x</b> javascript:alert(1).')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', or <b>ftp://x</b> javascript:alert(1).' },
    ]);
  });
  it('keeps a text without links whole', () => {
    expect(splitLinks('Hello there')).toEqual([{ text: 'Hello there' }]);
  });
});
