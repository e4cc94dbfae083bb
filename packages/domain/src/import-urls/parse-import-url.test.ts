import { describe, expect, it } from 'vitest';
import { importUrlSourceOf, parseImportUrl, readImportSearch } from './parse-import-url.ts';

const invalid = { ok: false, message: 'Check your link and try again' };
const noFilters = { network: [], geoUrns: [], companies: [], industries: [], schools: [] };

describe('parseImportUrl: basic people search', () => {
  it('reads every JSON-array filter of a faceted search, ignoring tracking parameters', () => {
    const url =
      'https://www.linkedin.com/search/results/people/?keywords=cto&network=%5B%22F%22%2C%22S%22%5D' +
      '&geoUrn=%5B%22103644278%22%5D&currentCompany=%5B%221441%22%2C%221035%22%5D&industry=%5B%224%22%5D' +
      '&schoolFilter=%5B%221792%22%5D&origin=FACETED_SEARCH&sid=a1B&trk=xyz';
    expect(parseImportUrl('network_search', url)).toEqual({
      ok: true,
      search: {
        kind: 'people_search',
        filters: {
          keywords: 'cto',
          network: ['F', 'S'],
          geoUrns: ['103644278'],
          companies: ['1441', '1035'],
          industries: ['4'],
          schools: ['1792'],
        },
      },
    });
  });

  it('accepts the plain comma form, the facet names of old links, no www., http and no scheme', () => {
    const forms = [
      'https://linkedin.com/search/results/people?keywords=head%20of%20sales&network=F,S&geoUrn=103644278',
      'http://www.linkedin.com/search/results/people/?keywords=head+of+sales&facetNetwork=%5B%22F%22%2C%22S%22%5D&facetGeoUrn=%5B%22103644278%22%5D',
      '  www.linkedin.com/search/results/people/?keywords=head%20of%20sales&network=["F","S"]&geoUrn=["103644278"]#top  ',
    ];
    for (const url of forms) {
      const result = parseImportUrl('network_search', url);
      expect(result).toEqual({
        ok: true,
        search: {
          kind: 'people_search',
          filters: { ...noFilters, keywords: 'head of sales', network: ['F', 'S'], geoUrns: ['103644278'] },
        },
      });
    }
  });

  it('takes a search with no filter at all (everyone LinkedIn lets the member reach)', () => {
    expect(parseImportUrl('network_search', 'https://www.linkedin.com/search/results/people/')).toEqual({
      ok: true,
      search: { kind: 'people_search', filters: noFilters },
    });
  });

  it('refuses malformed filters', () => {
    for (const query of [
      'network=%5B%22X%22%5D',
      'network=%5B%22F%22',
      'geoUrn=%5B%22us%3A0%22%5D',
      'currentCompany=google',
      'industry=%7B%7D',
    ]) {
      expect(
        parseImportUrl('network_search', `https://www.linkedin.com/search/results/people/?${query}`),
      ).toEqual(invalid);
    }
  });
});

describe('parseImportUrl: event attendees', () => {
  it('reads the canned search of an event page', () => {
    const url =
      'https://www.linkedin.com/search/results/people/?eventAttending=%5B%227123%22%5D&origin=EVENT_PAGE_CANNED_SEARCH';
    const expected = { ok: true, search: { kind: 'event_attendees', eventId: '7123', filters: noFilters } };
    expect(parseImportUrl('event_attendees', url)).toEqual(expected);
    // The basic card takes it too: it is still a people search URL.
    expect(parseImportUrl('network_search', url)).toEqual(expected);
  });

  it('keeps the other filters of an attendee search', () => {
    const url =
      'https://www.linkedin.com/search/results/people/?eventAttending=%5B%227123%22%5D&network=%5B%22S%22%5D&keywords=founder';
    expect(parseImportUrl('event_attendees', url)).toEqual({
      ok: true,
      search: {
        kind: 'event_attendees',
        eventId: '7123',
        filters: { ...noFilters, keywords: 'founder', network: ['S'] },
      },
    });
  });

  it('maps an event page to its id, also with the title LinkedIn prepends', () => {
    for (const [url, eventId] of [
      ['https://www.linkedin.com/events/7123456789/', '7123456789'],
      ['https://www.linkedin.com/events/7123456789/about/?trk=share', '7123456789'],
      ['https://www.linkedin.com/events/aisummit20247158786869290397696/', '7158786869290397696'],
    ] as const) {
      expect(parseImportUrl('event_attendees', url)).toEqual({
        ok: true,
        search: { kind: 'event_attendees', eventId, filters: noFilters },
      });
    }
  });

  it('refuses event links without a usable id and plain people searches', () => {
    for (const url of [
      'https://www.linkedin.com/events/',
      'https://www.linkedin.com/events/my-great-event/',
      'https://www.linkedin.com/events/7123456789/photos/',
      'https://www.linkedin.com/search/results/people/?eventAttending=%5B%5D',
      'https://www.linkedin.com/search/results/people/?eventAttending=%5B%221%22%2C%222%22%5D',
      'https://www.linkedin.com/search/results/people/?keywords=cto',
    ]) {
      expect(parseImportUrl('event_attendees', url)).toEqual(invalid);
    }
  });
});

describe('parseImportUrl: group members', () => {
  it('reads the members page and the group page', () => {
    for (const url of [
      'https://www.linkedin.com/groups/12345/members/',
      'https://www.linkedin.com/groups/12345/members?trk=x',
      'https://linkedin.com/groups/12345',
    ]) {
      expect(parseImportUrl('group_members', url)).toEqual({
        ok: true,
        search: { kind: 'group_members', groupId: '12345' },
      });
    }
  });

  it('refuses other group pages and missing ids', () => {
    for (const url of [
      'https://www.linkedin.com/groups/',
      'https://www.linkedin.com/groups/abc/members/',
      'https://www.linkedin.com/groups/12345/posts/',
      'https://www.linkedin.com/groups/12345/members/extra/',
    ]) {
      expect(parseImportUrl('group_members', url)).toEqual(invalid);
    }
  });
});

describe('parseImportUrl: Sales Navigator', () => {
  it('reads keywords and filters of a query= search, double-encoded as LinkedIn writes it', () => {
    const query =
      '(spellCorrectionEnabled:true,recentSearchParam:(id:3456,doLogHistory:true),filters:List(' +
      '(type:REGION,values:List((id:103644278,text:United%20States,selectionType:INCLUDED))),' +
      '(type:CURRENT_COMPANY,values:List((id:urn%3Ali%3Aorganization%3A1441,text:Google,selectionType:INCLUDED),' +
      '(id:urn%3Ali%3Aorganization%3A1035,text:Microsoft,selectionType:EXCLUDED))),' +
      '(type:RELATIONSHIP,values:List((id:S,text:2nd%20degree%20connections,selectionType:INCLUDED))),' +
      '(type:SENIORITY_LEVEL,values:List((id:8,text:CXO,selectionType:INCLUDED)))),keywords:cto%20founder)';
    const url = `https://www.linkedin.com/sales/search/people?query=${encodeURIComponent(query)}&sessionId=abc%3D%3D&viewAllFilters=true`;
    expect(parseImportUrl('sales_navigator_search', url)).toEqual({
      ok: true,
      search: {
        kind: 'sales_navigator_search',
        filters: {
          ...noFilters,
          keywords: 'cto founder',
          network: ['S'],
          geoUrns: ['103644278'],
          companies: ['1441'],
        },
      },
    });
  });

  it('reads the unencoded form people copy from the address bar', () => {
    const url =
      'https://www.linkedin.com/sales/search/people?query=(keywords:cto,filters:List((type:INDUSTRY,values:List((id:4)))))';
    expect(readImportSearch(url)).toEqual({
      kind: 'sales_navigator_search',
      filters: { ...noFilters, keywords: 'cto', industries: ['4'] },
    });
  });

  it('reads recent and saved searches and lead lists', () => {
    expect(readImportSearch('https://www.linkedin.com/sales/search/people?recentSearchId=123')).toEqual({
      kind: 'sales_navigator_recent_search',
      recentSearchId: '123',
    });
    expect(
      readImportSearch('https://www.linkedin.com/sales/search/people/?savedSearchId=456&lastViewedAt=1'),
    ).toEqual({
      kind: 'sales_navigator_saved_search',
      savedSearchId: '456',
    });
    expect(
      parseImportUrl(
        'sales_navigator_search',
        'https://www.linkedin.com/sales/lists/people/7000000000?sortCriteria=CREATED_TIME&sortOrder=DESCENDING',
      ),
    ).toEqual({ ok: true, search: { kind: 'sales_navigator_lead_list', leadListId: '7000000000' } });
  });

  it('refuses Sales Navigator links it cannot replay', () => {
    for (const url of [
      'https://www.linkedin.com/sales/search/people',
      'https://www.linkedin.com/sales/search/people?query=(keywords:cto',
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((id:abc)))))',
      'https://www.linkedin.com/sales/search/people?savedSearchId=abc',
      'https://www.linkedin.com/sales/search/company?query=(keywords:cto)',
      'https://www.linkedin.com/sales/lists/people/',
      'https://www.linkedin.com/sales/lists/company/7000000000',
    ]) {
      expect(parseImportUrl('sales_navigator_search', url)).toEqual(invalid);
    }
  });
});

describe('parseImportUrl: rejections', () => {
  it('refuses other hosts, schemes, ports and paths', () => {
    for (const url of [
      '',
      'not a url',
      'https://www.linkedin.co/search/results/people/?keywords=cto',
      'https://linkedin.com.evil.example/search/results/people/',
      'https://evil.example/?u=https://www.linkedin.com/search/results/people/',
      'https://api.linkedin.com/search/results/people/',
      'ftp://www.linkedin.com/search/results/people/',
      'javascript:alert(1)',
      'https://www.linkedin.com:8443/search/results/people/',
      'https://user@www.linkedin.com/search/results/people/',
      'https://www.linkedin.com/search/results/companies/?keywords=cto',
      'https://www.linkedin.com/in/someone/',
      `https://www.linkedin.com/search/results/people/?keywords=${'a'.repeat(4000)}`,
    ]) {
      expect(parseImportUrl('network_search', url)).toEqual(invalid);
    }
  });

  it('refuses a valid link pasted under the wrong source', () => {
    expect(
      parseImportUrl('group_members', 'https://www.linkedin.com/search/results/people/?keywords=cto'),
    ).toEqual(invalid);
    expect(parseImportUrl('network_search', 'https://www.linkedin.com/groups/12345/')).toEqual(invalid);
    expect(parseImportUrl('network_search', 'https://www.linkedin.com/sales/lists/people/7')).toEqual(
      invalid,
    );
    expect(parseImportUrl('sales_navigator_search', 'https://www.linkedin.com/events/7123/')).toEqual(
      invalid,
    );
  });

  it('names the source card of every kind', () => {
    const sources = [
      'https://www.linkedin.com/search/results/people/?keywords=cto',
      'https://www.linkedin.com/events/7123/',
      'https://www.linkedin.com/groups/1/',
      'https://www.linkedin.com/sales/lists/people/7',
    ].map((url) => {
      const search = readImportSearch(url);
      if (!search) throw new Error(`not parsed: ${url}`);
      return importUrlSourceOf(search);
    });
    expect(sources).toEqual(['network_search', 'event_attendees', 'group_members', 'sales_navigator_search']);
  });
});
