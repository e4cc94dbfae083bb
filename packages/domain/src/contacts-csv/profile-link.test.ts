import { describe, expect, it } from 'vitest';
import { parseProfileLink, profileLinkUrl } from './profile-link.ts';

describe('parseProfileLink', () => {
  it.each([
    'https://www.linkedin.com/in/jane-doe',
    'https://www.linkedin.com/in/jane-doe/',
    'http://linkedin.com/in/jane-doe?trk=abc',
    'www.linkedin.com/in/jane-doe#about',
    'linkedin.com/in/Jane-Doe/details/experience/',
    'https://de.linkedin.com/in/jane-doe',
    '  https://www.linkedin.com/in/jane-doe  ',
  ])('reads the public identifier of %j', (text) => {
    expect(parseProfileLink(text)).toEqual({ publicIdentifier: 'jane-doe' });
  });

  it('decodes percent-encoded slugs', () => {
    expect(parseProfileLink('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-123/')).toEqual({
      publicIdentifier: 'jürgen-müller-123',
    });
  });

  it('reads Sales Navigator lead links', () => {
    expect(
      parseProfileLink('https://www.linkedin.com/sales/lead/ACwAAB1234_x-Y,NAME_SEARCH,abcd?x=1'),
    ).toEqual({
      salesLeadId: 'ACwAAB1234_x-Y',
    });
    expect(parseProfileLink('linkedin.com/sales/lead/ACwAAB1234')).toEqual({ salesLeadId: 'ACwAAB1234' });
  });

  it.each([
    '',
    'jane-doe',
    'https://www.linkedin.com/company/acme',
    'https://www.linkedin.com/in/',
    'https://evil.com/in/jane-doe',
    'https://linkedin.com.evil.com/in/jane-doe',
    'https://www.linkedin.com/in/%E0%A4%A',
    'https://www.linkedin.com/in/a%2Fb',
    'https://www.linkedin.com/in/a%3Cscript%3E',
    'https://www.linkedin.com/sales/lead/,NAME_SEARCH',
    `https://www.linkedin.com/in/${'x'.repeat(101)}`,
  ])('rejects %j', (text) => {
    expect(parseProfileLink(text)).toBeNull();
  });

  it('builds canonical links', () => {
    expect(profileLinkUrl({ publicIdentifier: 'jürgen' })).toBe('https://www.linkedin.com/in/j%C3%BCrgen/');
    expect(profileLinkUrl({ salesLeadId: 'ACwAAB' })).toBe('https://www.linkedin.com/sales/lead/ACwAAB');
  });

  it('links by public identifier first, then member id, and a lead id only under /sales/lead/', () => {
    expect(profileLinkUrl({ publicIdentifier: 'jane', entityId: 'ACoAAA', salesLeadId: 'ACwAAB' })).toBe(
      'https://www.linkedin.com/in/jane/',
    );
    expect(profileLinkUrl({ publicIdentifier: null, entityId: 'ACoAAA', salesLeadId: 'ACwAAB' })).toBe(
      'https://www.linkedin.com/in/ACoAAA/',
    );
    expect(profileLinkUrl({ publicIdentifier: null, entityId: null, salesLeadId: 'ACwAAB' })).toBe(
      'https://www.linkedin.com/sales/lead/ACwAAB',
    );
    expect(profileLinkUrl({ publicIdentifier: null, entityId: null, salesLeadId: null })).toBeNull();
  });
});
