import type { CampaignEventName, CampaignState } from '@outpilot/contracts';
import { campaignEventNames } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CampaignLifecycleFields,
  type CampaignLifecycleView,
  campaignEvents,
  cloneName,
  lifecycleHints,
  transition,
} from './campaign-lifecycle.ts';

const now = new Date('2026-03-02T10:00:00Z');
const earlier = new Date('2026-02-01T10:00:00Z');

function campaign(
  state: CampaignState,
  overrides: Partial<CampaignLifecycleView & CampaignLifecycleFields> = {},
): CampaignLifecycleView & CampaignLifecycleFields {
  return {
    state,
    archived: false,
    target_audience_count: 3,
    steps: [{ type: 'Message', message_template: 'Hi', timeout: 1440 }],
    pause_reason: state === 'Stopped' ? 'User' : null,
    complete_reason: state === 'Completed' ? 'User' : null,
    started: state === 'Compose' ? null : earlier,
    completed: state === 'Completed' ? earlier : null,
    ...overrides,
  };
}

function enabled(view: CampaignLifecycleView): CampaignEventName[] {
  const events = campaignEvents(view);
  return campaignEventNames.filter((name) => events[name].enabled);
}

describe('campaignEvents', () => {
  it('enables per state as §4 says', () => {
    expect(enabled(campaign('Compose'))).toEqual(['run', 'complete', 'clone', 'archive']);
    expect(enabled(campaign('Running'))).toEqual(['stop', 'complete', 'clone']);
    expect(enabled(campaign('Stopped'))).toEqual(['run', 'complete', 'clone', 'archive']);
    expect(enabled(campaign('Completed'))).toEqual(['clone', 'archive']);
    expect(enabled(campaign('Stopped', { archived: true }))).toEqual(['clone', 'unarchive']);
  });

  it('gives a hint for every disabled action and none for enabled ones', () => {
    for (const state of ['Compose', 'Running', 'Stopped', 'Completed'] as const) {
      for (const archived of [false, true]) {
        const events = campaignEvents(campaign(state, { archived }));
        for (const name of campaignEventNames) {
          expect(events[name].hint === null).toBe(events[name].enabled);
        }
      }
    }
  });

  it('disables run without contacts, without steps, or with invalid steps', () => {
    expect(campaignEvents(campaign('Compose', { target_audience_count: 0 })).run).toEqual({
      enabled: false,
      hint: lifecycleHints.noContacts,
    });
    expect(campaignEvents(campaign('Compose', { steps: [] })).run.hint).toBe(lifecycleHints.noSteps);
    expect(
      campaignEvents(
        campaign('Compose', { steps: [{ type: 'Message', message_template: '', timeout: 1440 }] }),
      ).run.hint,
    ).toBe('Please fix all warnings');
    expect(campaignEvents(campaign('Running')).archive.hint).toBe(lifecycleHints.stopBeforeArchive);
  });
});

describe('transition', () => {
  it('runs a draft, setting started once', () => {
    const result = transition(campaign('Compose'), { type: 'run' }, now);
    expect(result).toMatchObject({ ok: true, resumed: false, campaign: { state: 'Running', started: now } });
  });

  it('resumes a stopped campaign, clearing the pause reason and keeping started', () => {
    const result = transition(
      campaign('Stopped', { pause_reason: 'ExceedFreeMonthlyPersonalizedInvitations' }),
      { type: 'run' },
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      resumed: true,
      campaign: { state: 'Running', pause_reason: null, started: earlier },
    });
  });

  it('stops by the user or the system with the reason', () => {
    expect(transition(campaign('Running'), { type: 'stop' }, now)).toMatchObject({
      ok: true,
      campaign: { state: 'Stopped', pause_reason: 'User' },
    });
    expect(
      transition(campaign('Running'), { type: 'stop', reason: 'TooLongInvitationMessage' }, now),
    ).toMatchObject({
      ok: true,
      campaign: { pause_reason: 'TooLongInvitationMessage' },
    });
  });

  it('completes with a reason and the time', () => {
    expect(transition(campaign('Running'), { type: 'complete', reason: 'System' }, now)).toMatchObject({
      ok: true,
      campaign: { state: 'Completed', complete_reason: 'System', completed: now },
    });
  });

  it('archives and unarchives without changing the state', () => {
    const archived = transition(campaign('Stopped'), { type: 'archive' }, now);
    expect(archived).toMatchObject({ ok: true, campaign: { state: 'Stopped', archived: true } });
    expect(transition(campaign('Stopped', { archived: true }), { type: 'unarchive' }, now)).toMatchObject({
      ok: true,
      campaign: { archived: false },
    });
  });

  it('refuses with the hint as the description', () => {
    expect(transition(campaign('Completed'), { type: 'run' }, now)).toEqual({
      ok: false,
      refusal: { action: 'run', description: lifecycleHints.completed },
    });
    expect(transition(campaign('Compose'), { type: 'stop' }, now)).toEqual({
      ok: false,
      refusal: { action: 'stop', description: lifecycleHints.notRunning },
    });
    expect(transition(campaign('Running'), { type: 'archive' }, now)).toMatchObject({ ok: false });
    expect(transition(campaign('Compose'), { type: 'unarchive' }, now)).toMatchObject({ ok: false });
  });
});

describe('cloneName', () => {
  it('stays within 50 characters', () => {
    expect(cloneName('Outreach')).toBe('Outreach (copy)');
    expect(cloneName('x'.repeat(50))).toHaveLength(50);
  });
});
