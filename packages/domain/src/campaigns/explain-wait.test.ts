import { type DailyLimits, defaultWorkingHours } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { explainWait } from './explain-wait.ts';
import type { PersonaSchedule, QueuedActivity } from './scheduling.ts';

const limits: DailyLimits = {
  daily_linkedin_follow_limit: 25,
  daily_linkedin_invitations_limit: 20,
  daily_linkedin_messages_limit: 25,
  daily_linkedin_react_on_post_limit: 25,
};
const schedule: PersonaSchedule = { workingHours: defaultWorkingHours, timezoneOffsetMinutes: 0, limits };
// Monday 2026-03-02 10:00 UTC: inside the default working hours.
const mondayTen = new Date('2026-03-02T10:00:00Z');
const connect: QueuedActivity = {
  id: 'a',
  operation_type: 'Connect',
  due_at: new Date('2026-03-02T09:30:00Z'),
  step_number: 1,
};

const running = { state: 'Running', pauseReason: null } as const;

describe('explainWait', () => {
  it("says the campaign is paused and why before anything else: the claim takes Running campaigns' activities only", () => {
    const sunday = new Date('2026-03-01T12:00:00Z');
    expect(
      explainWait({
        now: sunday,
        schedule,
        usedToday: { invitations: 20 },
        activity: connect,
        campaign: { state: 'Stopped', pauseReason: 'NotAuthenticated' },
        runsAt: undefined,
      }),
    ).toEqual({ code: 'campaign-paused', limit_kind: null, until: null, pause_reason: 'NotAuthenticated' });
  });

  it('says outside working hours first, until the next working instant', () => {
    const sunday = new Date('2026-03-01T12:00:00Z');
    const reason = explainWait({
      now: sunday,
      schedule,
      usedToday: {},
      activity: connect,
      campaign: running,
      runsAt: undefined,
    });
    expect(reason.code).toBe('outside-working-hours');
    expect(reason.until).not.toBeNull();
    expect(new Date(reason.until ?? '').getTime()).toBeGreaterThan(sunday.getTime());
  });

  it("names the kind whose daily limit is reached, until the persona's next midnight", () => {
    const reason = explainWait({
      now: mondayTen,
      schedule,
      usedToday: { invitations: 20 },
      activity: connect,
      campaign: running,
      runsAt: undefined,
    });
    expect(reason).toEqual({
      code: 'daily-limit-reached',
      limit_kind: 'invitations',
      until: '2026-03-03T00:00:00.000Z',
    });
  });

  it('says the weekly invitation block when the network refused more invitations', () => {
    const blockedUntil = new Date('2026-03-05T08:00:00Z');
    const reason = explainWait({
      now: mondayTen,
      schedule: { ...schedule, invitationsBlockedUntil: blockedUntil },
      usedToday: {},
      activity: connect,
      campaign: running,
      runsAt: undefined,
    });
    expect(reason).toEqual({
      code: 'weekly-invitations-blocked',
      limit_kind: 'invitations',
      until: blockedUntil.toISOString(),
    });
  });

  it("waits for its step's delay when it is not due yet", () => {
    const later = { ...connect, due_at: new Date('2026-03-02T15:00:00Z') };
    expect(
      explainWait({
        now: mondayTen,
        schedule,
        usedToday: {},
        activity: later,
        campaign: running,
        runsAt: undefined,
      }),
    ).toEqual({
      code: 'step-delay',
      limit_kind: null,
      until: '2026-03-02T15:00:00.000Z',
    });
  });

  it("says the step's delay, not the daily limit, when the delay ends after the limit's midnight", () => {
    // The claim waits for whichever ends later: the limit frees invitations at midnight, the
    // step's delay only the day after at 15:00.
    const dueLater = { ...connect, due_at: new Date('2026-03-03T15:00:00Z') };
    expect(
      explainWait({
        now: mondayTen,
        schedule,
        usedToday: { invitations: 20 },
        activity: dueLater,
        campaign: running,
        runsAt: undefined,
      }),
    ).toEqual({ code: 'step-delay', limit_kind: null, until: '2026-03-03T15:00:00.000Z' });
  });

  it('says the daily limit when it ends after the step delay of the same day', () => {
    const dueToday = { ...connect, due_at: new Date('2026-03-02T15:00:00Z') };
    expect(
      explainWait({
        now: mondayTen,
        schedule,
        usedToday: { invitations: 20 },
        activity: dueToday,
        campaign: running,
        runsAt: undefined,
      }),
    ).toEqual({ code: 'daily-limit-reached', limit_kind: 'invitations', until: '2026-03-03T00:00:00.000Z' });
  });

  it('otherwise waits its turn until the forecast runs it; a limit of another kind does not hold it', () => {
    const runsAt = new Date('2026-03-02T10:12:00Z');
    expect(
      explainWait({
        now: mondayTen,
        schedule,
        usedToday: { messages: 25 },
        activity: connect,
        campaign: running,
        runsAt,
      }),
    ).toEqual({ code: 'queued-behind', limit_kind: null, until: runsAt.toISOString() });
  });
});
