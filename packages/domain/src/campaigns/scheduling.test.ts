import {
  type DailyLimits,
  defaultWorkingHours,
  minutesPerDay,
  type OperationType,
  operationTypes,
  type WorkingHours,
  weekdays,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../seeded-random.ts';
import { isWithinWorkingHours } from '../working-hours.ts';
import {
  defaultGapMinutes,
  freshPace,
  localDayIndex,
  nextLocalMidnight,
  type PersonaPace,
  paceAfterAction,
} from './pacing.ts';
import {
  type ActivityLimitKind,
  compareQueued,
  dailyLimitOf,
  decideNextAction,
  forecastActivities,
  limitKindOf,
  type PersonaSchedule,
  planningHorizonDays,
  type QueuedActivity,
  type UsageCounts,
} from './scheduling.ts';

const minute = 60_000;
const day = 24 * 60 * minute;
const limits: DailyLimits = {
  daily_linkedin_follow_limit: 25,
  daily_linkedin_invitations_limit: 20,
  daily_linkedin_messages_limit: 25,
  daily_linkedin_react_on_post_limit: 25,
};
// Monday 2026-03-02 09:00 UTC.
const monday9 = new Date('2026-03-02T09:00:00Z');
const utcPersona: PersonaSchedule = { workingHours: defaultWorkingHours, timezoneOffsetMinutes: 0, limits };
const personaId = '0b0e6a52-8f3c-4c37-9d6e-1a2b3c4d5e6f';

function queued(id: string, operation: OperationType, dueAt: Date, step = 1): QueuedActivity {
  return { id, operation_type: operation, due_at: dueAt, step_number: step };
}

/** The first of each kind, as the claim loads them. */
function headsOf(activities: readonly QueuedActivity[]): QueuedActivity[] {
  const heads = new Map<ActivityLimitKind | null, QueuedActivity>();
  for (const activity of [...activities].sort(compareQueued)) {
    const kind = limitKindOf(activity.operation_type);
    if (!heads.has(kind)) heads.set(kind, activity);
  }
  return [...heads.values()];
}

function everyDay(start: number, duration: number): WorkingHours {
  return Object.fromEntries(weekdays.map((name) => [name, [{ start, duration }]])) as WorkingHours;
}

function decide(
  activities: readonly QueuedActivity[],
  options: { now?: Date; schedule?: PersonaSchedule; usedToday?: UsageCounts; pace?: PersonaPace } = {},
) {
  return decideNextAction({
    now: options.now ?? monday9,
    schedule: options.schedule ?? utcPersona,
    usedToday: options.usedToday ?? {},
    pace: options.pace ?? freshPace,
    heads: headsOf(activities),
  });
}

describe('limitKindOf', () => {
  it('maps each operation to a limit kind', () => {
    expect(
      Object.fromEntries(operationTypes.map((operation) => [operation, limitKindOf(operation)])),
    ).toEqual({
      Connect: 'invitations',
      Message: 'messages',
      Follow: 'follow',
      ReactOnPost: 'reactOnPost',
      VisitProfile: 'profileViews',
      ScrapeProfile: 'profileViews',
      EndorseSkill: 'profileViews',
      Withdraw: null,
    });
    expect(dailyLimitOf('invitations', limits)).toBe(20);
    expect(dailyLimitOf('profileViews', limits)).toBe(80);
  });
});

describe('local days and pace', () => {
  it('starts a day at the persona local midnight', () => {
    const instant = new Date('2026-03-02T20:00:00Z');
    expect(nextLocalMidnight(instant, 0).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    // 20:00 UTC is already 01:30 on the 3rd at +05:30.
    expect(nextLocalMidnight(instant, 330).toISOString()).toBe('2026-03-03T18:30:00.000Z');
    expect(nextLocalMidnight(instant, -300).toISOString()).toBe('2026-03-03T05:00:00.000Z');
    expect(localDayIndex(new Date('2026-03-02T23:59:00Z'), 60)).toBe(
      localDayIndex(new Date('2026-03-03T12:00:00Z'), 0),
    );
  });

  it('waits 2 to 8 minutes after each action, the same gaps for the same persona and day', () => {
    let pace = freshPace;
    const gaps: number[] = [];
    // From local midnight: 150 actions of at most 8 minutes stay within the day.
    let at = new Date('2026-03-02T00:00:00Z');
    for (let action = 1; action <= 150; action += 1) {
      pace = paceAfterAction(personaId, pace, at, 0);
      expect(pace.actionsInDay).toBe(action);
      const gap = ((pace.nextActionAt?.getTime() ?? 0) - at.getTime()) / minute;
      expect(gap).toBeGreaterThanOrEqual(defaultGapMinutes.min);
      expect(gap).toBeLessThan(defaultGapMinutes.max);
      gaps.push(gap);
      at = pace.nextActionAt ?? at;
    }
    // Not machine-regular: spread over the range.
    expect(Math.min(...gaps)).toBeLessThan(3);
    expect(Math.max(...gaps)).toBeGreaterThan(7);
    expect(new Set(gaps.map((gap) => gap.toFixed(2))).size).toBeGreaterThan(120);
    const again = paceAfterAction(personaId, freshPace, monday9, 0);
    expect(again).toEqual(paceAfterAction(personaId, freshPace, monday9, 0));
    expect(again).not.toEqual(paceAfterAction('another-persona', freshPace, monday9, 0));
  });

  it('counts actions per local day, from 1 again after local midnight', () => {
    const evening = new Date('2026-03-02T23:58:00Z');
    const late = paceAfterAction(
      personaId,
      { nextActionAt: null, actionDay: null, actionsInDay: 0 },
      evening,
      0,
    );
    const next = paceAfterAction(personaId, late, new Date('2026-03-03T00:05:00Z'), 0);
    expect(late.actionsInDay).toBe(1);
    expect(next).toMatchObject({
      actionDay: late.actionDay === null ? null : late.actionDay + 1,
      actionsInDay: 1,
    });
  });
});

describe('decideNextAction', () => {
  it('acts on the first due activity in queue order: due time, step, id', () => {
    const decision = decide([
      queued('b', 'Message', monday9, 2),
      queued('a', 'Follow', monday9, 2),
      queued('c', 'Connect', monday9, 1),
      queued('d', 'Follow', new Date(monday9.getTime() - minute), 3),
    ]);
    expect(decision).toMatchObject({ type: 'act', activity: { id: 'd' } });
    expect(decide([queued('b', 'Message', monday9, 2), queued('a', 'Follow', monday9, 2)])).toMatchObject({
      type: 'act',
      activity: { id: 'a' },
    });
  });

  it('waits for its pace after the last action', () => {
    const nextActionAt = new Date(monday9.getTime() + 3 * minute);
    expect(decide([queued('m', 'Message', monday9)], { pace: { ...freshPace, nextActionAt } })).toEqual({
      type: 'wait',
      until: nextActionAt,
      reason: 'pace',
    });
  });

  it('waits for working hours, and forever without any', () => {
    const evening = new Date('2026-03-02T20:00:00Z');
    expect(decide([queued('m', 'Message', evening)], { now: evening })).toEqual({
      type: 'wait',
      until: new Date('2026-03-03T09:00:00Z'),
      reason: 'outside-working-hours',
    });
    expect(
      decide([queued('m', 'Message', monday9)], {
        schedule: { ...utcPersona, workingHours: everyDay(0, 0) },
      }),
    ).toMatchObject({ type: 'wait', until: null });
  });

  it('waits for the earliest due time when nothing is due', () => {
    const later = new Date(monday9.getTime() + 45 * minute);
    expect(
      decide([queued('m', 'Message', later), queued('f', 'Follow', new Date(later.getTime() + minute))]),
    ).toEqual({ type: 'wait', until: later, reason: 'nothing-due' });
    expect(decide([])).toEqual({ type: 'wait', until: null, reason: 'nothing-queued' });
  });

  it('holds a kind back at its daily limit until local midnight, and acts on another kind', () => {
    const atLimit = { invitations: 20 };
    expect(decide([queued('c', 'Connect', monday9)], { usedToday: atLimit })).toEqual({
      type: 'wait',
      until: new Date('2026-03-03T00:00:00Z'),
      reason: 'daily-limit-reached',
    });
    expect(
      decide(
        [queued('c', 'Connect', monday9), queued('m', 'Message', new Date(monday9.getTime() + minute))],
        {
          usedToday: atLimit,
          now: new Date(monday9.getTime() + minute),
        },
      ),
    ).toMatchObject({ type: 'act', activity: { id: 'm' } });
    // Withdraw counts against nothing.
    expect(decide([queued('w', 'Withdraw', monday9)], { usedToday: { invitations: 99 } })).toMatchObject({
      type: 'act',
      activity: { id: 'w' },
    });
  });

  it('holds invitations back while the weekly block lasts, other actions unaffected', () => {
    const blockedUntil = new Date('2026-03-05T09:00:00Z');
    const schedule = { ...utcPersona, invitationsBlockedUntil: blockedUntil };
    expect(decide([queued('c', 'Connect', monday9)], { schedule })).toEqual({
      type: 'wait',
      until: blockedUntil,
      reason: 'weekly-invitations-blocked',
    });
    expect(
      decide([queued('c', 'Connect', monday9), queued('m', 'Message', monday9)], { schedule }),
    ).toMatchObject({ type: 'act', activity: { id: 'm' } });
    // A block that ended holds nothing back.
    expect(
      decide([queued('c', 'Connect', monday9)], {
        schedule: { ...utcPersona, invitationsBlockedUntil: new Date(monday9.getTime() - minute) },
      }),
    ).toMatchObject({ type: 'act' });
  });
});

describe('forecastActivities', () => {
  const forecast = (
    activities: readonly QueuedActivity[],
    options: { now?: Date; schedule?: PersonaSchedule; usedToday?: UsageCounts; pace?: PersonaPace } = {},
  ) =>
    forecastActivities({
      now: options.now ?? monday9,
      personaId,
      schedule: options.schedule ?? utcPersona,
      usedToday: options.usedToday ?? {},
      pace: options.pace ?? freshPace,
      activities,
    });

  it('runs the first due activity now and spaces the rest by 2-8 minutes', () => {
    const activities = Array.from({ length: 5 }, (_, index) => queued(`a${index}`, 'Message', monday9));
    const times = forecast(activities);
    expect(times.get('a0')).toEqual(monday9);
    const sorted = [...times.values()].map((at) => at.getTime()).sort((a, b) => a - b);
    for (let index = 1; index < sorted.length; index += 1) {
      const gap = ((sorted[index] ?? 0) - (sorted[index - 1] ?? 0)) / minute;
      expect(gap).toBeGreaterThanOrEqual(2);
      expect(gap).toBeLessThan(8);
    }
  });

  it('waits for working hours and the due time', () => {
    const saturday = new Date('2026-03-07T12:00:00Z');
    const times = forecast(
      [queued('w', 'Follow', saturday), queued('l', 'Follow', new Date('2026-03-09T15:00:00Z'))],
      { now: saturday },
    );
    expect(times.get('w')?.toISOString()).toBe('2026-03-09T09:00:00.000Z');
    expect(times.get('l')?.toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

  it("moves what exceeds the daily limit to the next local day, counting today's usage", () => {
    const activities = Array.from({ length: 4 }, (_, index) => queued(`c${index}`, 'Connect', monday9));
    const times = forecast(activities, { usedToday: { invitations: 18 } });
    expect(activities.map((activity) => times.get(activity.id)?.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-02',
      '2026-03-03',
      '2026-03-03',
    ]);
    expect(times.get('c2')?.toISOString()).toBe('2026-03-03T09:00:00.000Z');
  });

  it('places nothing for a limit of 0 or a week without working hours', () => {
    const zeroFollow = { ...utcPersona, limits: { ...limits, daily_linkedin_follow_limit: 0 } };
    const times = forecast([queued('f', 'Follow', monday9), queued('m', 'Message', monday9)], {
      schedule: zeroFollow,
    });
    expect(times.has('f')).toBe(false);
    expect(times.get('m')).toEqual(monday9);
    expect(
      forecast([queued('m', 'Message', monday9)], {
        schedule: { ...utcPersona, workingHours: everyDay(0, 0) },
      }).size,
    ).toBe(0);
  });

  it('keeps invitations back until the weekly block ends', () => {
    const blockedUntil = new Date('2026-03-04T11:00:00Z');
    const times = forecast([queued('c', 'Connect', monday9), queued('m', 'Message', monday9)], {
      schedule: { ...utcPersona, invitationsBlockedUntil: blockedUntil },
    });
    expect(times.get('c')).toEqual(blockedUntil);
    expect(times.get('m')).toEqual(monday9);
  });

  it('starts after the pace of the last action', () => {
    const nextActionAt = new Date(monday9.getTime() + 5 * minute);
    expect(
      forecast([queued('m', 'Message', monday9)], { pace: { ...freshPace, nextActionAt } }).get('m'),
    ).toEqual(nextActionAt);
  });

  it.each([
    [330, '2026-03-02T18:30:00.000Z'],
    [-300, '2026-03-03T05:00:00.000Z'],
    [0, '2026-03-03T00:00:00.000Z'],
  ])('starts the next day count at local midnight for offset %i', (offset, midnight) => {
    // Working 18:00-24:00 and 00:00-06:00 local, every day; the messages limit is used up today.
    const hours = Object.fromEntries(
      weekdays.map((name) => [
        name,
        [
          { start: 0, duration: 360 },
          { start: 1080, duration: 360 },
        ],
      ]),
    ) as WorkingHours;
    const now = new Date(new Date(midnight).getTime() - 30 * minute);
    const times = forecast([queued('m', 'Message', now), queued('f', 'Follow', now)], {
      now,
      schedule: {
        workingHours: hours,
        timezoneOffsetMinutes: offset,
        limits: { ...limits, daily_linkedin_messages_limit: 5 },
      },
      usedToday: { messages: 5 },
    });
    expect(times.get('m')?.toISOString()).toBe(midnight);
    expect(times.get('f')).toEqual(now);
  });
});

describe('the forecast is what the claim will do', () => {
  const seeds = Array.from({ length: 200 }, (_, index) => index + 1);

  it.each(seeds)('holds the rules, and claims at the forecast times, for seed %i', (seed) => {
    const random = createSeededRandom(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

    const workingHours = Object.fromEntries(
      weekdays.map((name) => {
        if (random() < 0.3) return [name, []];
        const start = int(0, minutesPerDay - 30);
        return [name, [{ start, duration: int(30, Math.min(720, minutesPerDay - start)) }]];
      }),
    ) as WorkingHours;
    workingHours.wednesday = [{ start: 600, duration: 240 }];
    const offset = pick([-720, -600, -300, -210, 0, 60, 330, 545, 720, 840]);
    const personaLimits: DailyLimits = {
      daily_linkedin_follow_limit: int(0, 4) * 5,
      daily_linkedin_invitations_limit: int(0, 4) * 5,
      daily_linkedin_messages_limit: int(0, 4) * 5,
      daily_linkedin_react_on_post_limit: int(0, 4) * 5,
    };
    const now = new Date(Date.UTC(2026, 0, 1) + int(0, 60 * 24 * 60) * minute);
    const usedToday: UsageCounts = {
      invitations: int(0, 12),
      messages: int(0, 12),
      follow: int(0, 12),
      reactOnPost: int(0, 12),
      profileViews: int(0, 90),
    };
    const blockedUntil = random() < 0.3 ? new Date(now.getTime() + int(0, 10_000) * minute) : null;
    const schedule: PersonaSchedule = {
      workingHours,
      timezoneOffsetMinutes: offset,
      limits: personaLimits,
      invitationsBlockedUntil: blockedUntil,
    };
    const activities = Array.from({ length: int(0, 60) }, (_, index) =>
      queued(
        `a${index}`,
        pick(operationTypes),
        new Date(now.getTime() + int(-2 * 1440, 5 * 1440) * minute),
        int(1, 4),
      ),
    );
    const pace: PersonaPace =
      random() < 0.5
        ? {
            nextActionAt: new Date(now.getTime() + int(-10, 8) * minute),
            actionDay: localDayIndex(now, offset),
            actionsInDay: int(0, 30),
          }
        : freshPace;

    const times = forecastActivities({ now, personaId: `p${seed}`, schedule, usedToday, pace, activities });

    // The rules hold on the forecast.
    const perDayKind = new Map<string, number>();
    const sorted: number[] = [];
    for (const activity of activities) {
      const at = times.get(activity.id);
      if (!at) continue;
      expect(isWithinWorkingHours(workingHours, offset, at)).toBe(true);
      expect(at.getTime()).toBeGreaterThanOrEqual(Math.max(activity.due_at.getTime(), now.getTime()));
      expect(at.getTime()).toBeLessThanOrEqual(now.getTime() + planningHorizonDays * day);
      const kind = limitKindOf(activity.operation_type);
      if (kind === 'invitations' && blockedUntil)
        expect(at.getTime()).toBeGreaterThanOrEqual(blockedUntil.getTime());
      if (kind !== null) {
        const key = `${localDayIndex(at, offset)}:${kind}`;
        perDayKind.set(key, (perDayKind.get(key) ?? 0) + 1);
      }
      sorted.push(at.getTime());
    }
    const today = localDayIndex(now, offset);
    for (const [key, count] of perDayKind) {
      const [dayText, kind] = key.split(':') as [string, ActivityLimitKind];
      const allowed =
        dailyLimitOf(kind, personaLimits) - (Number(dayText) === today ? (usedToday[kind] ?? 0) : 0);
      expect(count).toBeLessThanOrEqual(Math.max(0, allowed));
    }
    sorted.sort((a, b) => a - b);
    // A limited forecast is the whole one's beginning: the first `limit` to run, at the same times.
    const limit = int(0, 10);
    const firstOnly = forecastActivities({
      now,
      personaId: `p${seed}`,
      schedule,
      usedToday,
      pace,
      activities,
      limit,
    });
    const firstOfAll = [...times].sort(([, a], [, b]) => a.getTime() - b.getTime()).slice(0, limit);
    expect([...firstOnly].sort(([, a], [, b]) => a.getTime() - b.getTime())).toEqual(firstOfAll);
    if (pace.nextActionAt && sorted.length > 0)
      expect(sorted[0]).toBeGreaterThanOrEqual(pace.nextActionAt.getTime());
    for (let index = 1; index < sorted.length; index += 1) {
      expect((sorted[index] ?? 0) - (sorted[index - 1] ?? 0)).toBeGreaterThanOrEqual(
        defaultGapMinutes.min * minute,
      );
    }

    // A runner that claims whenever the last decision said it may (decideNextAction on the
    // queue's heads, as the claim does, its pace from when it really acted) performs each time
    // the activity the latest forecast named first, at the forecast time.
    const end = now.getTime() + 3 * day;
    let clockAt = now.getTime();
    let currentPace = pace;
    const used = new Map<number, UsageCounts>([[today, { ...usedToday }]]);
    let remaining = [...activities];
    let prediction = times;
    while (clockAt <= end && remaining.length > 0) {
      const at = new Date(clockAt);
      const localDay = localDayIndex(at, offset);
      const usedNow = used.get(localDay) ?? {};
      used.set(localDay, usedNow);
      const decision = decideNextAction({
        now: at,
        schedule,
        usedToday: usedNow,
        pace: currentPace,
        heads: headsOf(remaining),
      });
      if (decision.type === 'wait') {
        if (!decision.until) break;
        expect(decision.until.getTime()).toBeGreaterThan(clockAt);
        clockAt = decision.until.getTime();
        continue;
      }
      const predicted = [...prediction.entries()].sort((a, b) => a[1].getTime() - b[1].getTime())[0];
      expect(predicted?.[0]).toBe(decision.activity.id);
      expect(predicted?.[1].getTime()).toBe(clockAt);
      const kind = limitKindOf(decision.activity.operation_type);
      if (kind !== null) usedNow[kind] = (usedNow[kind] ?? 0) + 1;
      currentPace = paceAfterAction(`p${seed}`, currentPace, at, offset);
      remaining = remaining.filter((activity) => activity.id !== decision.activity.id);
      prediction = forecastActivities({
        now: at,
        personaId: `p${seed}`,
        schedule,
        usedToday: usedNow,
        pace: currentPace,
        activities: remaining,
      });
    }
  });
});
