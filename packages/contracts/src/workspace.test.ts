import { describe, expect, it } from 'vitest';
import {
  automationModeResponseSchema,
  defaultWorkingHours,
  periodStatisticsQuerySchema,
  periodStatisticsResponseSchema,
  updateTimezoneOffsetRequestSchema,
  workingHoursSchema,
} from './workspace.ts';

describe('workspace wire shapes', () => {
  it('take working hours as whole, non-negative minutes for all seven days', () => {
    expect(workingHoursSchema.parse(defaultWorkingHours)).toEqual(defaultWorkingHours);
    expect(workingHoursSchema.safeParse({ ...defaultWorkingHours, sunday: undefined }).success).toBe(false);
    const fractional = { ...defaultWorkingHours, monday: [{ start: 540.5, duration: 600 }] };
    expect(workingHoursSchema.safeParse(fractional).success).toBe(false);
    const negative = { ...defaultWorkingHours, monday: [{ start: -1, duration: 600 }] };
    expect(workingHoursSchema.safeParse(negative).success).toBe(false);
  });

  it('take a whole-minute timezone offset', () => {
    expect(updateTimezoneOffsetRequestSchema.parse({ timezone_offset: -330 })).toEqual({
      timezone_offset: -330,
    });
    expect(updateTimezoneOffsetRequestSchema.safeParse({ timezone_offset: '120' }).success).toBe(false);
  });

  it("answer statistics limits as numbers or '~'", () => {
    const answer = {
      invitations_sent: 3,
      invitations_limit: 20,
      invitations_accepted_count: 1,
      withdrawn_count: 0,
      messages_count: 4,
      messages_limit: '~',
      replied_count: 2,
      react_on_post_count: 0,
      react_on_post_limit: 25,
      follow_count: 5,
      follow_limit: 25,
    };
    expect(periodStatisticsResponseSchema.parse(answer)).toEqual(answer);
    expect(periodStatisticsResponseSchema.safeParse({ ...answer, follow_limit: 'none' }).success).toBe(false);
  });

  it('take ISO date-times for the period and nullable location for automation mode', () => {
    expect(
      periodStatisticsQuerySchema.safeParse({
        start: '2026-01-01T00:00:00+02:00',
        end: '2026-01-05T23:59:59Z',
      }).success,
    ).toBe(true);
    expect(periodStatisticsQuerySchema.safeParse({ start: '2026-01-01', end: 'today' }).success).toBe(false);
    const local = { is_cloud: false, city_name: null, country_code: null, ip_address: null };
    expect(automationModeResponseSchema.parse(local)).toEqual(local);
  });
});
