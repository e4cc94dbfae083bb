import { type DailyLimits, dailyLimitsSchema, defaultDailyLimits } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { isValidDailyLimit, limitChoices, statisticsScale, validateDailyLimits } from './daily-limits.ts';

describe('limitChoices', () => {
  it('offers steps of 5 up to each maximum', () => {
    expect(limitChoices('invitations')).toEqual([
      0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75,
    ]);
    for (const kind of ['follow', 'reactOnPost', 'messages'] as const) {
      const choices = limitChoices(kind);
      expect(choices).toHaveLength(21);
      expect(choices[0]).toBe(0);
      expect(choices.at(-1)).toBe(100);
    }
  });
});

describe('validateDailyLimits', () => {
  it('accepts the defaults and the bounds', () => {
    expect(validateDailyLimits(defaultDailyLimits)).toEqual([]);
    expect(dailyLimitsSchema.parse(defaultDailyLimits)).toEqual(defaultDailyLimits);
    const bounds: DailyLimits = {
      daily_linkedin_follow_limit: 100,
      daily_linkedin_invitations_limit: 75,
      daily_linkedin_messages_limit: 0,
      daily_linkedin_react_on_post_limit: 100,
    };
    expect(validateDailyLimits(bounds)).toEqual([]);
  });

  it('names each field outside its choices', () => {
    const limits: DailyLimits = {
      daily_linkedin_follow_limit: 105,
      daily_linkedin_invitations_limit: 80,
      daily_linkedin_messages_limit: 12,
      daily_linkedin_react_on_post_limit: 50,
    };
    expect(validateDailyLimits(limits)).toEqual([
      {
        field: 'daily_linkedin_follow_limit',
        description: 'daily_linkedin_follow_limit must be a multiple of 5 between 0 and 100',
      },
      {
        field: 'daily_linkedin_invitations_limit',
        description: 'daily_linkedin_invitations_limit must be a multiple of 5 between 0 and 75',
      },
      {
        field: 'daily_linkedin_messages_limit',
        description: 'daily_linkedin_messages_limit must be a multiple of 5 between 0 and 100',
      },
    ]);
  });

  it('refuses fractions and negatives', () => {
    expect(isValidDailyLimit('follow', 2.5)).toBe(false);
    expect(isValidDailyLimit('follow', -5)).toBe(false);
    expect(isValidDailyLimit('invitations', 75)).toBe(true);
    expect(isValidDailyLimit('invitations', 76)).toBe(false);
  });
});

describe('statisticsScale', () => {
  it("draws a '~' limit against 50", () => {
    expect(statisticsScale('~')).toBe(50);
    expect(statisticsScale(75)).toBe(75);
  });
});
