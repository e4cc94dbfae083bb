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
import { isWithinWorkingHours } from '../working-hours.ts';
import {
  type ActivityLimitKind,
  canClaimNow,
  type DueActivity,
  dailyLimitOf,
  defaultGapMinutes,
  limitKindOf,
  localDayIndex,
  nextLocalMidnight,
  type PersonaSchedule,
  type PlanInput,
  planActivities,
  type UsageCounts,
} from './scheduling.ts';
import { createSeededRandom, type RandomSource } from './seeded-random.ts';

const minute = 60_000;
const limits: DailyLimits = {
  daily_linkedin_follow_limit: 25,
  daily_linkedin_invitations_limit: 20,
  daily_linkedin_messages_limit: 25,
  daily_linkedin_react_on_post_limit: 25,
};
// Monday 2026-03-02 09:00 UTC.
const monday9 = new Date('2026-03-02T09:00:00Z');
const utcPersona: PersonaSchedule = { workingHours: defaultWorkingHours, timezoneOffsetMinutes: 0, limits };

function due(id: string, operation: OperationType, earliest: Date, execution = id): DueActivity {
  return { id, execution_id: execution, operation_type: operation, earliest_at: earliest };
}

function everyDay(start: number, duration: number): WorkingHours {
  return Object.fromEntries(weekdays.map((day) => [day, [{ start, duration }]])) as WorkingHours;
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

describe('local days', () => {
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
});

describe('planActivities', () => {
  it('runs the first due activity now and spaces the rest by 2-8 minutes', () => {
    const activities = Array.from({ length: 5 }, (_, index) => due(`a${index}`, 'Message', monday9));
    const plan = planActivities({
      now: monday9,
      persona: utcPersona,
      usedToday: {},
      activities,
      random: createSeededRandom(1),
    });
    expect(plan[0]).toEqual({ id: 'a0', planned_at: monday9, run_in_minutes: 0 });
    const times = plan.map((item) => item.planned_at?.getTime() ?? Number.NaN).sort((a, b) => a - b);
    for (let index = 1; index < times.length; index += 1) {
      const gap = ((times[index] ?? 0) - (times[index - 1] ?? 0)) / minute;
      expect(gap).toBeGreaterThanOrEqual(2);
      expect(gap).toBeLessThanOrEqual(8);
    }
  });

  it('waits for working hours and the earliest time', () => {
    const saturday = new Date('2026-03-07T12:00:00Z');
    const [weekend, later] = planActivities({
      now: saturday,
      persona: utcPersona,
      usedToday: {},
      activities: [due('w', 'Follow', saturday), due('l', 'Follow', new Date('2026-03-09T15:00:00Z'))],
      random: createSeededRandom(2),
    });
    expect(weekend?.planned_at?.toISOString()).toBe('2026-03-09T09:00:00.000Z');
    expect(weekend?.run_in_minutes).toBe(45 * 60);
    expect(later?.planned_at?.toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

  it('moves what exceeds the daily limit to the next local day, counting today usage', () => {
    const activities = Array.from({ length: 4 }, (_, index) => due(`c${index}`, 'Connect', monday9));
    const plan = planActivities({
      now: monday9,
      persona: { ...utcPersona, limits: { ...limits, daily_linkedin_invitations_limit: 20 } },
      usedToday: { invitations: 18 },
      activities,
      random: createSeededRandom(3),
    });
    const days = plan.map((item) => item.planned_at?.toISOString().slice(0, 10));
    expect(days).toEqual(['2026-03-02', '2026-03-02', '2026-03-03', '2026-03-03']);
    expect(plan[2]?.planned_at?.toISOString()).toBe('2026-03-03T09:00:00.000Z');
  });

  it('plans nothing for a limit of 0 or a week without working hours', () => {
    const noHours = everyDay(0, 0);
    expect(
      planActivities({
        now: monday9,
        persona: { ...utcPersona, limits: { ...limits, daily_linkedin_follow_limit: 0 } },
        usedToday: {},
        activities: [due('f', 'Follow', monday9), due('m', 'Message', monday9)],
        random: createSeededRandom(4),
      }).map((item) => item.run_in_minutes),
    ).toEqual([null, 0]);
    expect(
      planActivities({
        now: monday9,
        persona: { ...utcPersona, workingHours: noHours },
        usedToday: {},
        activities: [due('m', 'Message', monday9)],
        random: createSeededRandom(4),
      })[0]?.planned_at,
    ).toBeNull();
  });

  it('keeps invitations back until the weekly block ends, other actions unaffected', () => {
    const blockedUntil = new Date('2026-03-04T11:00:00Z');
    const [invite, message] = planActivities({
      now: monday9,
      persona: { ...utcPersona, invitationsBlockedUntil: blockedUntil },
      usedToday: {},
      activities: [due('c', 'Connect', monday9), due('m', 'Message', monday9)],
      random: createSeededRandom(5),
    });
    expect(invite?.planned_at).toEqual(blockedUntil);
    expect(message?.planned_at).toEqual(monday9);
  });

  it('keeps the gap after the last performed action', () => {
    const [first] = planActivities({
      now: monday9,
      persona: utcPersona,
      usedToday: {},
      lastActionAt: new Date(monday9.getTime() - minute),
      activities: [due('m', 'Message', monday9)],
      random: createSeededRandom(6),
    });
    expect((first?.planned_at?.getTime() ?? 0) - monday9.getTime()).toBeGreaterThanOrEqual(minute);
  });

  it.each([
    [330, '2026-03-02T18:30:00.000Z'],
    [-300, '2026-03-03T05:00:00.000Z'],
    [0, '2026-03-03T00:00:00.000Z'],
  ])('starts the next day count at local midnight for offset %i', (offset, midnight) => {
    // Working 18:00-24:00 and 00:00-06:00 local, every day; the limit is used up today.
    const hours = Object.fromEntries(
      weekdays.map((day) => [
        day,
        [
          { start: 0, duration: 360 },
          { start: 1080, duration: 360 },
        ],
      ]),
    ) as WorkingHours;
    const now = new Date(new Date(midnight).getTime() - 30 * minute);
    const plan = planActivities({
      now,
      persona: {
        workingHours: hours,
        timezoneOffsetMinutes: offset,
        limits: { ...limits, daily_linkedin_messages_limit: 5 },
      },
      usedToday: { messages: 5 },
      activities: [due('m', 'Message', now), due('f', 'Follow', now)],
      random: createSeededRandom(7),
    });
    expect(plan[0]?.planned_at?.toISOString()).toBe(midnight);
    expect(plan[1]?.planned_at).toEqual(now);
  });

  it('is deterministic for a seed', () => {
    const input = (random: RandomSource): PlanInput => ({
      now: monday9,
      persona: utcPersona,
      usedToday: {},
      activities: Array.from({ length: 30 }, (_, index) => due(`a${index}`, 'Message', monday9)),
      random,
    });
    expect(planActivities(input(createSeededRandom(42)))).toEqual(
      planActivities(input(createSeededRandom(42))),
    );
    expect(planActivities(input(createSeededRandom(42)))).not.toEqual(
      planActivities(input(createSeededRandom(43))),
    );
  });
});

describe('planActivities invariants over random personas and queues', () => {
  const seeds = Array.from({ length: 300 }, (_, index) => index + 1);

  it.each(seeds)('holds for seed %i', (seed) => {
    const random = createSeededRandom(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

    const workingHours = Object.fromEntries(
      weekdays.map((day) => {
        if (random() < 0.3) return [day, []];
        const start = int(0, minutesPerDay - 30);
        return [day, [{ start, duration: int(30, Math.min(720, minutesPerDay - start)) }]];
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
    const persona: PersonaSchedule = {
      workingHours,
      timezoneOffsetMinutes: offset,
      limits: personaLimits,
      invitationsBlockedUntil: blockedUntil,
    };
    const executions = int(1, 15);
    const activities = Array.from({ length: int(0, 80) }, (_, index) =>
      due(
        `a${index}`,
        pick(operationTypes),
        new Date(now.getTime() + int(-2 * 1440, 5 * 1440) * minute),
        `e${int(1, executions)}`,
      ),
    );
    const lastActionAt = random() < 0.5 ? new Date(now.getTime() - int(0, 10) * minute) : null;
    const gap = defaultGapMinutes;

    const plan = planActivities({ now, persona, usedToday, lastActionAt, activities, random });

    expect(plan.map((item) => item.id)).toEqual(activities.map((activity) => activity.id));
    const perDayKind = new Map<string, number>();
    const lastOfExecution = new Map<string, number | null>();
    const times: number[] = lastActionAt ? [lastActionAt.getTime()] : [];
    plan.forEach((item, index) => {
      const activity = activities[index] as DueActivity;
      const previous = lastOfExecution.get(activity.execution_id);
      const planned = item.planned_at?.getTime() ?? null;
      if (planned === null) {
        lastOfExecution.set(activity.execution_id, null);
        expect(item.run_in_minutes).toBeNull();
        return;
      }
      // A contact's activities keep their order; after an unplannable one nothing follows.
      expect(previous).not.toBeNull();
      if (previous !== undefined && previous !== null)
        expect(planned - previous).toBeGreaterThanOrEqual(gap.min * minute);
      lastOfExecution.set(activity.execution_id, planned);
      expect(isWithinWorkingHours(workingHours, offset, new Date(planned))).toBe(true);
      expect(planned).toBeGreaterThanOrEqual(Math.max(activity.earliest_at.getTime(), now.getTime()));
      expect(item.run_in_minutes).toBe(Math.ceil((planned - now.getTime()) / minute));
      const kind = limitKindOf(activity.operation_type);
      if (kind === 'invitations' && blockedUntil)
        expect(planned).toBeGreaterThanOrEqual(blockedUntil.getTime());
      if (kind !== null) {
        const key = `${localDayIndex(new Date(planned), offset)}:${kind}`;
        perDayKind.set(key, (perDayKind.get(key) ?? 0) + 1);
      }
      times.push(planned);
    });
    const today = localDayIndex(now, offset);
    for (const [key, count] of perDayKind) {
      const [day, kind] = key.split(':') as [string, ActivityLimitKind];
      const allowed =
        dailyLimitOf(kind, personaLimits) - (Number(day) === today ? (usedToday[kind] ?? 0) : 0);
      expect(count).toBeLessThanOrEqual(Math.max(0, allowed));
    }
    times.sort((a, b) => a - b);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(gap.min * minute);
    }
  });

  it('plans everything when hours and limits have room', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const activities = Array.from({ length: 40 }, (_, index) =>
        due(`a${index}`, index % 2 ? 'Message' : 'Follow', monday9, `e${index % 7}`),
      );
      const plan = planActivities({
        now: monday9,
        persona: utcPersona,
        usedToday: {},
        activities,
        random: createSeededRandom(seed),
      });
      expect(plan.every((item) => item.planned_at !== null)).toBe(true);
    }
  });
});

describe('canClaimNow', () => {
  const planned = { operation_type: 'Connect' as const, planned_at: monday9 };

  it('allows a due activity inside working hours with room in the limit', () => {
    expect(canClaimNow(planned, utcPersona, { invitations: 19 }, monday9)).toEqual({ ok: true });
  });

  it('refuses what is not due yet', () => {
    expect(canClaimNow(planned, utcPersona, {}, new Date(monday9.getTime() - minute))).toEqual({
      ok: false,
      reason: 'not-due',
      retryAt: monday9,
    });
    expect(canClaimNow({ ...planned, planned_at: null }, utcPersona, {}, monday9)).toMatchObject({
      reason: 'not-due',
    });
  });

  it('refuses outside working hours with the next window', () => {
    const evening = new Date('2026-03-02T20:00:00Z');
    expect(canClaimNow(planned, utcPersona, {}, evening)).toEqual({
      ok: false,
      reason: 'outside-working-hours',
      retryAt: new Date('2026-03-03T09:00:00Z'),
    });
  });

  it('refuses at the daily limit until local midnight', () => {
    expect(
      canClaimNow(planned, { ...utcPersona, timezoneOffsetMinutes: 0 }, { invitations: 20 }, monday9),
    ).toEqual({
      ok: false,
      reason: 'daily-limit-reached',
      retryAt: new Date('2026-03-03T00:00:00Z'),
    });
    expect(
      canClaimNow({ ...planned, operation_type: 'Withdraw' }, utcPersona, { invitations: 99 }, monday9),
    ).toEqual({
      ok: true,
    });
  });

  it('refuses invitations while the weekly cap blocks them', () => {
    const blockedUntil = new Date('2026-03-05T09:00:00Z');
    expect(
      canClaimNow(planned, { ...utcPersona, invitationsBlockedUntil: blockedUntil }, {}, monday9),
    ).toEqual({
      ok: false,
      reason: 'weekly-invitations-blocked',
      retryAt: blockedUntil,
    });
  });

  it('refuses a burst right after the last action', () => {
    const lastActionAt = new Date(monday9.getTime() - minute);
    expect(canClaimNow(planned, utcPersona, {}, monday9, { lastActionAt })).toEqual({
      ok: false,
      reason: 'too-soon-after-last-action',
      retryAt: new Date(lastActionAt.getTime() + 2 * minute),
    });
  });
});
