import { describe, expect, it } from 'vitest';
import { isSearchOfSource, readSearchUrl } from './read-search-url.ts';

const noFilters = { network: [], geoUrns: [], companies: [], industries: [], schools: [] };

describe('readSearchUrl: the links the simulated network serves', () => {
  it('reads a people search in LinkedIn’s JSON form, the comma form and the facet names of old links', () => {
    const expected = {
      kind: 'people_search',
      filters: { ...noFilters, keywords: 'head of sales', network: ['F', 'S'], geoUrns: ['103644278'] },
    };
    for (const url of [
      'https://www.linkedin.com/search/results/people/?keywords=head%20of%20sales&network=%5B%22F%22%2C%22S%22%5D&geoUrn=%5B%22103644278%22%5D&origin=FACETED_SEARCH',
      'https://linkedin.com/search/results/people?keywords=head+of+sales&network=F,S&geoUrn=103644278',
      '  www.linkedin.com/search/results/people/?keywords=head%20of%20sales&facetNetwork=["F","S"]&facetGeoUrn=["103644278"]#top ',
    ]) {
      expect(readSearchUrl(url)).toEqual(expected);
    }
  });

  it('reads events, groups, Sales Navigator searches and lead lists', () => {
    expect(readSearchUrl('https://www.linkedin.com/events/aisummit7123456789012345678/attendees/')).toEqual({
      kind: 'event_attendees',
      eventId: '7123456789012345678',
      filters: noFilters,
    });
    expect(readSearchUrl('https://de.linkedin.com/groups/12345/members/')).toEqual({
      kind: 'group_members',
      groupId: '12345',
    });
    expect(
      readSearchUrl(
        'https://www.linkedin.com/sales/search/people?query=(keywords:cto%252C%2520founder,filters:List((type:REGION,values:List((id:103644278,selectionType:INCLUDED),(id:101165590,selectionType:EXCLUDED))),(type:CURRENT_COMPANY,values:List((id:urn%253Ali%253Aorganization%253A1441))),(type:RELATIONSHIP,values:List((id:S)))))',
      ),
    ).toEqual({
      kind: 'sales_navigator_search',
      filters: {
        ...noFilters,
        keywords: 'cto, founder',
        network: ['S'],
        geoUrns: ['103644278'],
        companies: ['1441'],
      },
    });
    expect(readSearchUrl('https://www.linkedin.com/sales/search/people/?savedSearchId=456')).toEqual({
      kind: 'sales_navigator_saved_search',
      savedSearchId: '456',
    });
    expect(
      readSearchUrl('https://www.linkedin.com/sales/lists/people/7000000000?sortOrder=DESCENDING'),
    ).toEqual({
      kind: 'sales_navigator_lead_list',
      leadListId: '7000000000',
    });
  });

  it('serves no other link', () => {
    for (const url of [
      'https://www.linkedin.com/in/jane-doe/',
      'https://evil.com/search/results/people/',
      'https://www.linkedin.com.evil.com/search/results/people/',
      'ftp://www.linkedin.com/search/results/people/',
      'https://user@www.linkedin.com/search/results/people/',
      'https://www.linkedin.com/search/results/people/?network=%5B%22X%22%5D',
      'https://www.linkedin.com/search/results/people/?currentCompany=google',
      'https://www.linkedin.com/groups/abc/',
      'https://www.linkedin.com/events/summit2024/',
      'https://www.linkedin.com/sales/search/people',
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((id:us))))',
    ]) {
      expect(readSearchUrl(url), url).toBeUndefined();
    }
  });

  it('refuses a search under a source card that does not take it', () => {
    const group = { kind: 'group_members', groupId: '1' } as const;
    expect(isSearchOfSource(group, 'group_members')).toBe(true);
    expect(isSearchOfSource(group, 'network_search')).toBe(false);
    const event = { kind: 'event_attendees', eventId: '1', filters: noFilters } as const;
    expect(isSearchOfSource(event, 'network_search')).toBe(true);
    expect(
      isSearchOfSource({ kind: 'sales_navigator_lead_list', leadListId: '1' }, 'sales_navigator_search'),
    ).toBe(true);
  });
});
