import { contactFilterFields } from '@outpilot/contracts';
import { type FilterFieldSpec, parseFilter } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import {
  buildContactsFilter,
  buildIdsFilter,
  type ContactFilters,
  dateFilterProblem,
  emptyContactFilters,
  hasContactFilters,
  listFilterTags,
} from './contact-filters.ts';

const spec: FilterFieldSpec = contactFilterFields;
const now = new Date('2026-11-22T12:00:00.000Z');
const campaignA = { id: '6ba7b810-9dad-41d1-80b4-00c04fd430c8', name: 'Founders' };
const campaignB = { id: '7ba7b810-9dad-41d1-80b4-00c04fd430c9', name: "O'Brien list" };
const importId = '1ba7b810-9dad-41d1-80b4-00c04fd430c1';

const filtersWith = (overrides: Partial<ContactFilters>): ContactFilters => ({
  ...emptyContactFilters,
  ...overrides,
});

describe('buildContactsFilter', () => {
  it('sends no filter when nothing is chosen, and the import tag alone on an import list', () => {
    expect(buildContactsFilter(emptyContactFilters, now)).toBeUndefined();
    expect(buildContactsFilter(emptyContactFilters, now, { importId })).toBe(
      `tags/any(t: t eq '${importId}')`,
    );
  });

  it('compiles connection, location and premium', () => {
    expect(buildContactsFilter(filtersWith({ connection: [3, 1] }), now)).toBe('distance in (1, 3)');
    expect(buildContactsFilter(filtersWith({ connection: [2] }), now)).toBe('distance eq 2');
    expect(buildContactsFilter(filtersWith({ locations: ["Côte d'Ivoire", 'Berlin, Germany'] }), now)).toBe(
      "location in ('Côte d''Ivoire', 'Berlin, Germany')",
    );
    expect(buildContactsFilter(filtersWith({ premiumOnly: true }), now)).toBe('is_premium eq true');
  });

  it('turns a period into gt now minus the period and lt now', () => {
    expect(buildContactsFilter(filtersWith({ contacted: { period: 'week', from: '', to: '' } }), now)).toBe(
      'contacted gt 2026-11-15T12:00:00Z and contacted lt 2026-11-22T12:00:00Z',
    );
  });

  it('includes the whole To day of a custom range, and leaves an open side open', () => {
    const local = (day: string) => new Date(`${day}T00:00:00`).toISOString().replace('.000Z', 'Z');
    expect(
      buildContactsFilter(
        filtersWith({ created: { period: 'custom', from: '2026-01-01', to: '2026-01-31' } }),
        now,
      ),
    ).toBe(`created gt ${local('2026-01-01')} and created lt ${local('2026-02-01')}`);
    expect(
      buildContactsFilter(filtersWith({ created: { period: 'custom', from: '2026-01-01', to: '' } }), now),
    ).toBe(`created gt ${local('2026-01-01')}`);
  });

  it('negates the exclude filters and keeps never-contacted contacts', () => {
    const filter = buildContactsFilter(
      filtersWith({
        excludeCampaigns: [campaignA],
        excludeContacted: { period: 'day', from: '', to: '' },
      }),
      now,
    );
    expect(filter).toBe(
      `not campaigns/any(c: c in ('${campaignA.id}')) and ` +
        '(contacted eq null or not (contacted gt 2026-11-21T12:00:00Z and contacted lt 2026-11-22T12:00:00Z))',
    );
  });

  it('gives a filter the server parser accepts when everything is chosen', () => {
    const filter = buildContactsFilter(
      {
        connection: [1, 2, 3],
        locations: ['Paris, France'],
        contacted: { period: 'month', from: '', to: '' },
        campaigns: [campaignA, campaignB],
        created: { period: 'custom', from: '2026-01-01', to: '2026-03-01' },
        premiumOnly: true,
        excludeCampaigns: [campaignB],
        excludeContacted: { period: 'year', from: '', to: '' },
        states: ['InQueue'],
        statuses: ['Connected'],
      },
      now,
      { importId, campaignId: campaignA.id },
    );
    expect(filter).toContain(
      `tags/any(t: t eq '${importId}') and campaigns/any(c: c eq '${campaignA.id}') and distance in (1, 2, 3) and`,
    );
    expect(parseFilter(filter ?? '', spec)).toMatchObject({ kind: 'and' });
    expect(parseFilter(buildIdsFilter([campaignA.id, campaignB.id]), spec)).toMatchObject({ kind: 'in' });
  });
});

describe("a started campaign's State and Status filters", () => {
  it("asks for the contact's execution in that campaign, Status worded by the step", () => {
    const scope = { campaignId: campaignA.id };
    expect(buildContactsFilter(filtersWith({ states: ['InQueue', 'Failed'] }), now, scope)).toBe(
      `campaigns/any(c: c eq '${campaignA.id}') and ` +
        `executions/any(e: e/campaign_id eq '${campaignA.id}' and e/state in ('InQueue', 'Failed'))`,
    );
    const statuses = buildContactsFilter(
      filtersWith({ states: ['Succeed'], statuses: ['Connected', 'Responded', 'Awaiting for response'] }),
      now,
      scope,
    );
    expect(statuses).toBe(
      `campaigns/any(c: c eq '${campaignA.id}') and executions/any(e: e/campaign_id eq '${campaignA.id}' and ` +
        "e/state in ('Succeed') and ((e/state eq 'Succeed' and e/step_type eq 'Connect') or " +
        "(e/state eq 'Succeed' and e/step_type ne 'Connect') or " +
        "(e/state eq 'InProgress' and e/step_type eq 'Message')))",
    );
    expect(parseFilter(statuses ?? '', spec)).toMatchObject({ kind: 'and' });
    // Outside a campaign there is no execution to ask about.
    expect(buildContactsFilter(filtersWith({ states: ['InQueue'] }), now)).toBeUndefined();
    expect(
      listFilterTags(filtersWith({ states: ['InQueue'], statuses: ['Withdrawn'] })).map((t) => t.label),
    ).toEqual(['State: In queue', 'Status: Withdrawn']);
  });
});

describe('date filter validation', () => {
  it('needs the start at most the end and at least one day', () => {
    expect(dateFilterProblem({ period: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBe(
      'From must be on or before To',
    );
    expect(dateFilterProblem({ period: 'custom', from: '', to: '' })).toBe('Choose a From or To date');
    expect(dateFilterProblem({ period: 'custom', from: '2026-13-45', to: '' })).toBe('Enter a valid date');
    expect(dateFilterProblem({ period: 'custom', from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(dateFilterProblem({ period: 'custom', from: '', to: '2026-01-01' })).toBeNull();
    expect(dateFilterProblem({ period: 'week', from: '', to: '' })).toBeNull();
  });
});

describe('listFilterTags', () => {
  it('lists one removable tag per value, with MM-dd-yyyy custom dates', () => {
    const filters = filtersWith({
      connection: [1],
      campaigns: [campaignA],
      created: { period: 'custom', from: '2026-01-05', to: '2026-02-07' },
    });
    const tags = listFilterTags(filters);
    expect(tags.map((tag) => tag.label)).toEqual([
      'Connection: 1st',
      'Campaign: Founders',
      'Added to Outpilot: 01-05-2026 – 02-07-2026',
    ]);
    const [first] = tags;
    expect(first && hasContactFilters(first.remove(filters))).toBe(true);
    expect(hasContactFilters(tags.reduce((current, tag) => tag.remove(current), filters))).toBe(false);
  });
});
