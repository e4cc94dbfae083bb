import { describe, expect, it } from 'vitest';
import { executionsSelectionOf } from './use-exclude-from-campaign.tsx';

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
