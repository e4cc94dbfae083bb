import { describe, expect, it } from 'vitest';
import { orderByOf, selectedIdsFilterOf, teamCampaignsFilterOf } from './team-campaigns-query.ts';

describe('team campaigns query', () => {
  it('writes the status and Show Campaigns filters as one OData filter', () => {
    expect(teamCampaignsFilterOf({ statuses: [], queue: 'all' })).toBeUndefined();
    expect(teamCampaignsFilterOf({ statuses: ['Running', 'Stopped'], queue: 'all' })).toBe(
      "state in ('Running', 'Stopped')",
    );
    expect(teamCampaignsFilterOf({ statuses: [], queue: 'inQueue' })).toBe('in_queue_count gt 0');
    // 'no contacts in queue' leaves drafts out (seed 001 §2).
    expect(teamCampaignsFilterOf({ statuses: ['Completed'], queue: 'noneInQueue' })).toBe(
      "state in ('Completed') and in_queue_count eq 0 and state ne 'Compose'",
    );
  });

  it('exports selected rows by their ids, and sorts by field and direction', () => {
    expect(selectedIdsFilterOf(['a', 'b'])).toBe("id in ('a', 'b')");
    expect(orderByOf({ field: 'reply_rate', direction: 'asc' })).toBe('reply_rate asc');
  });
});
