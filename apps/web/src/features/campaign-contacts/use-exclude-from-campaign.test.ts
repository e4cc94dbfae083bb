import { describe, expect, it } from 'vitest';
import { excludeQuestion, executionsSelectionOf } from './use-exclude-from-campaign.tsx';

const campaignId = '11111111-1111-4111-8111-111111111111';
const contactId = '22222222-2222-4222-8222-222222222222';

describe('executionsSelectionOf', () => {
  it("takes the campaign's executions of the picked contacts", () => {
    expect(executionsSelectionOf(campaignId, { kind: 'ids', contactIds: [contactId] })).toEqual({
      filter: `campaign_id eq '${campaignId}' and contact_id in ('${contactId}')`,
      searchQuery: undefined,
    });
  });

  it("takes every execution of the campaign the search finds for 'Select all'", () => {
    expect(
      executionsSelectionOf(campaignId, { kind: 'all', filter: 'ignored', searchQuery: 'anna' }),
    ).toEqual({ filter: `campaign_id eq '${campaignId}'`, searchQuery: 'anna' });
  });
});

describe('excludeQuestion', () => {
  it('asks plainly when the rules keep nobody', () => {
    expect(excludeQuestion({ validation_rules_summary: [], valid_audience_count: 2 }, 'Spring')).toBe(
      'Exclude 2 contacts from “Spring”?',
    );
  });

  it('says how many stay when the rules keep some (§5)', () => {
    const preview = {
      validation_rules_summary: [{ count: 1, description: 'The conversation has ended' }],
      valid_audience_count: 3,
    };
    expect(excludeQuestion(preview, 'Spring')).toBe(
      'Will exclude 3 contacts, 1 will not be excluded, proceed?',
    );
  });
});
