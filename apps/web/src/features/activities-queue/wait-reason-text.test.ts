import { describe, expect, it } from 'vitest';
import { stepWaitingText, waitReasonText } from './wait-reason-text.ts';

const at = (iso: string) => `at ${iso}`;

describe('waitReasonText', () => {
  it('says nothing for an activity being processed', () => {
    expect(waitReasonText(null, at)).toBeNull();
  });

  it('words each reason with its end', () => {
    const until = '2026-03-02T09:00:00.000Z';
    expect(waitReasonText({ code: 'outside-working-hours', limit_kind: null, until }, at)).toBe(
      `Outside working hours, starts at ${until}`,
    );
    expect(waitReasonText({ code: 'daily-limit-reached', limit_kind: 'invitations', until }, at)).toBe(
      'Daily limit of invitations reached today',
    );
    expect(waitReasonText({ code: 'weekly-invitations-blocked', limit_kind: 'invitations', until }, at)).toBe(
      `Weekly invitation limit reached, until at ${until}`,
    );
    expect(waitReasonText({ code: 'step-delay', limit_kind: null, until }, at)).toBe(
      `Step delay until at ${until}`,
    );
    expect(waitReasonText({ code: 'queued-behind', limit_kind: null, until }, at)).toBe(
      'Waits its turn: actions are spaced out',
    );
  });

  it("words a paused campaign's wait with the pause reason the campaign's status shows", () => {
    const paused = { code: 'campaign-paused', limit_kind: null, until: null } as const;
    expect(waitReasonText({ ...paused, pause_reason: 'NotAuthenticated' }, at)).toBe(
      'The campaign is paused: signed out of the network',
    );
    expect(waitReasonText({ ...paused, pause_reason: 'User' }, at)).toBe(
      'The campaign is paused: paused by you',
    );
  });

  it('words what a waiting step waits for, with the time of its action when known', () => {
    const since = '2026-03-02T10:15:00.000Z';
    const until = '2026-03-16T10:15:00.000Z';
    expect(stepWaitingText({ for: 'acceptance', since, until }, (iso) => `[${iso}]`)).toBe(
      `Waiting for acceptance since [${since}]; withdrawn [${until}] if not accepted`,
    );
    expect(stepWaitingText({ for: 'reply', since: null, until }, (iso) => `[${iso}]`)).toBe(
      `Waiting for a reply; the next step comes [${until}] without one`,
    );
  });
});
