import type { Campaign } from '@outpilot/contracts';

const on = { enabled: true, hint: null };

/** A campaign document for component tests: an empty draft unless overridden. */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const id = overrides.id ?? '44444444-4444-4444-8444-444444444444';
  return {
    id,
    name: 'Spring outreach',
    state: 'Compose',
    complete_reason: null,
    pause_reason: null,
    archived: false,
    created: '2026-03-04T10:00:00.000Z',
    started: null,
    completed: null,
    target_audience_count: 0,
    in_queue_count: 0,
    owner: { email: 'ada@example.com', nickname: 'Ada', persona_id: id, linkedin_profile: null },
    steps: [],
    statistics: {
      started_count: 0,
      in_queue_count: 0,
      invitation_sent: 0,
      acceptance_rate: null,
      messages_sent: 0,
      reply_rate: null,
    },
    events: { run: on, stop: on, complete: on, clone: on, archive: on, unarchive: on },
    allowAddSteps: (overrides.state ?? 'Compose') === 'Compose' && !overrides.archived,
    launch_in_minutes: 0,
    ...overrides,
  };
}
