import { describe, expect, it } from 'vitest';
import { readProfileUrls } from './read-profile-urls.ts';

describe('readProfileUrls', () => {
  it('keeps distinct public identifiers in pasted order and counts what is no profile link', () => {
    const text = [
      '  https://www.linkedin.com/in/jane-doe/  ',
      'www.linkedin.com/in/Jane-Doe?miniProfileUrn=x',
      'https://www.linkedin.com/in/john-roe, https://uk.linkedin.com/in/ann-lee/;',
      'https://www.linkedin.com/company/acme/',
      'https://www.linkedin.com/sales/lead/ACwAAB123,NAME_SEARCH,x',
      '',
      'hello',
    ].join('\n');
    expect(readProfileUrls(text)).toEqual({
      total: 3,
      identifiers: ['jane-doe', 'john-roe', 'ann-lee'],
      invalid: 3,
    });
    expect(readProfileUrls('   \n ')).toEqual({ total: 0, identifiers: [], invalid: 0 });
  });
});
