import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * Workspace settings calls of seed 000 §7 (daily limits, working hours, timezone, automation mode,
 * period statistics). Wire names stay snake_case as the spec gives them. These schemas check shape
 * only; the business rules (ranges, steps, overlaps, per-day maximum) live in @outpilot/domain so
 * the server and the web editor apply the same ones.
 */

/** Paths under the main API base (apiBasePath). */
export const workspacePaths = {
  dailyLimits: '/workspace/daily-limits',
  workingHours: '/workspace/working-hours-in-minutes',
  automationMode: '/workspace/automation-mode',
  periodStatistics: '/workspace/period-statistics',
  timezoneOffset: '/workspace/timezone-offset',
} as const;

// ---------------------------------------------------------------------------------------------
// Working hours: GET and PUT workspace/working-hours-in-minutes

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const weekdaySchema = z.enum(weekdays);
export type Weekday = z.infer<typeof weekdaySchema>;

export const minutesPerDay = 24 * 60;

export const workingIntervalSchema = z.object({
  /** Minutes from local midnight. */
  start: wholeNumber().nonnegative(),
  /** Length in minutes. */
  duration: wholeNumber().nonnegative(),
});
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

/** Bounds the payload only: the editor sends one interval a day, and 96 is a quarter-hour grid. */
const maxIntervalsPerDay = 96;
const dayIntervalsSchema = z.array(workingIntervalSchema).max(maxIntervalsPerDay);

export const workingHoursSchema = z.object({
  monday: dayIntervalsSchema,
  tuesday: dayIntervalsSchema,
  wednesday: dayIntervalsSchema,
  thursday: dayIntervalsSchema,
  friday: dayIntervalsSchema,
  saturday: dayIntervalsSchema,
  sunday: dayIntervalsSchema,
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const workingHoursResponseSchema = workingHoursSchema;
export type WorkingHoursResponse = WorkingHours;
export const updateWorkingHoursRequestSchema = workingHoursSchema;
export type UpdateWorkingHoursRequest = WorkingHours;

/**
 * The spec leaves the per-day maximum unshown (§9 "a constant whose value is not shown"). 12 hours
 * keeps the 10-hour default (09:00-19:00) comfortably inside and leaves room for a longer day.
 */
export const workingHoursMaxMinutesPerDay = 12 * 60;
/** The other reading of §9 ("10 per day"), kept so the choice can be switched in one place. */
export const workingHoursMaxMinutesPerDayShortReading = 10 * 60;

const defaultWorkday: WorkingInterval = { start: 9 * 60, duration: 10 * 60 };
/** 09:00-19:00 Monday to Friday (§5, §9). */
export const defaultWorkingHours: WorkingHours = {
  monday: [defaultWorkday],
  tuesday: [defaultWorkday],
  wednesday: [defaultWorkday],
  thursday: [defaultWorkday],
  friday: [defaultWorkday],
  saturday: [],
  sunday: [],
};

// ---------------------------------------------------------------------------------------------
// Timezone: PUT workspace/timezone-offset

/** Minutes east of UTC (GMT+02:00 = 120); membership of the option list is a domain rule. */
export const timezoneOffsetNotWholeMinutesMessage = 'Timezone offset must be a whole number of minutes';
export const updateTimezoneOffsetRequestSchema = z.object({
  timezone_offset: z
    .number({ error: timezoneOffsetNotWholeMinutesMessage })
    .int({ error: timezoneOffsetNotWholeMinutesMessage }),
});
export type UpdateTimezoneOffsetRequest = z.infer<typeof updateTimezoneOffsetRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Daily limits: PUT workspace/daily-limits (GET answers the same four fields; its path is not shown)

export const dailyLimitsSchema = z.object({
  daily_linkedin_follow_limit: wholeNumber().nonnegative(),
  daily_linkedin_invitations_limit: wholeNumber().nonnegative(),
  daily_linkedin_messages_limit: wholeNumber().nonnegative(),
  daily_linkedin_react_on_post_limit: wholeNumber().nonnegative(),
});
export type DailyLimits = z.infer<typeof dailyLimitsSchema>;

export const dailyLimitsResponseSchema = dailyLimitsSchema;
export type DailyLimitsResponse = DailyLimits;
export const updateDailyLimitsRequestSchema = dailyLimitsSchema;
export type UpdateDailyLimitsRequest = DailyLimits;

export const dailyLimitKinds = ['follow', 'invitations', 'reactOnPost', 'messages'] as const;
export type DailyLimitKind = (typeof dailyLimitKinds)[number];
export type DailyLimitField = keyof DailyLimits;

export const dailyLimitFields: Readonly<Record<DailyLimitKind, DailyLimitField>> = {
  follow: 'daily_linkedin_follow_limit',
  invitations: 'daily_linkedin_invitations_limit',
  reactOnPost: 'daily_linkedin_react_on_post_limit',
  messages: 'daily_linkedin_messages_limit',
};

export type DailyLimitRange = { readonly min: number; readonly max: number; readonly step: number };

/** Selector choices of §9: steps of 5; follows 0-100, invitations 0-75, likes 0-100, messages 0-100. */
export const dailyLimitRanges: Readonly<Record<DailyLimitKind, DailyLimitRange>> = {
  follow: { min: 0, max: 100, step: 5 },
  invitations: { min: 0, max: 75, step: 5 },
  reactOnPost: { min: 0, max: 100, step: 5 },
  messages: { min: 0, max: 100, step: 5 },
};

/**
 * The spec gives no defaults. These stay well under each maximum (invitations lowest, as the
 * network is strictest about them) so a new account does not look automated on day one.
 */
export const defaultDailyLimits: DailyLimits = {
  daily_linkedin_follow_limit: 25,
  daily_linkedin_invitations_limit: 20,
  daily_linkedin_messages_limit: 25,
  daily_linkedin_react_on_post_limit: 25,
};

// ---------------------------------------------------------------------------------------------
// Automation mode: GET workspace/automation-mode

export const automationModeResponseSchema = z.object({
  is_cloud: z.boolean(),
  city_name: z.string().nullable(),
  country_code: z.string().nullable(),
  ip_address: z.string().nullable(),
});
export type AutomationModeResponse = z.infer<typeof automationModeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Period statistics: GET workspace/period-statistics

/** The 'Performed' range: start and end of the chosen local days, as ISO date-times with offset. */
export const periodStatisticsQuerySchema = z.object({
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
});
export type PeriodStatisticsQuery = z.infer<typeof periodStatisticsQuerySchema>;

/** What a limit of "no limit" looks like on the wire (§3). */
export const noStatisticsLimit = '~';
/** A '~' limit is drawn against a scale bar of 50 (§3). */
export const noLimitStatisticsScale = 50;

const countSchema = wholeNumber().nonnegative();
const statisticsLimitSchema = z.union([wholeNumber().nonnegative(), z.literal(noStatisticsLimit)]);
export type StatisticsLimit = z.infer<typeof statisticsLimitSchema>;

export const periodStatisticsResponseSchema = z.object({
  invitations_sent: countSchema,
  invitations_limit: statisticsLimitSchema,
  invitations_accepted_count: countSchema,
  withdrawn_count: countSchema,
  messages_count: countSchema,
  messages_limit: statisticsLimitSchema,
  replied_count: countSchema,
  react_on_post_count: countSchema,
  react_on_post_limit: statisticsLimitSchema,
  follow_count: countSchema,
  follow_limit: statisticsLimitSchema,
});
export type PeriodStatisticsResponse = z.infer<typeof periodStatisticsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (seed 000 §7), each scoped to the caller's persona

const workspaceCall = { service: 'api', access: 'user', tags: ['workspace'], errors: [] } as const;
const workspaceChange = { ...workspaceCall, errors: ['UnprocessableEntity'] } as const;

export const workspaceEndpoints = {
  updateTimezoneOffset: defineEndpoint({
    ...workspaceChange,
    method: 'PUT',
    path: workspacePaths.timezoneOffset,
    summary: 'Set the workspace timezone (minutes east of UTC, from the option list)',
    body: updateTimezoneOffsetRequestSchema,
    answers: { 200: updateTimezoneOffsetRequestSchema },
  }),
  workingHours: defineEndpoint({
    ...workspaceCall,
    method: 'GET',
    path: workspacePaths.workingHours,
    summary: 'The working hours (the defaults, Mon-Fri 09:00-19:00, until set)',
    answers: { 200: workingHoursResponseSchema },
  }),
  updateWorkingHours: defineEndpoint({
    ...workspaceChange,
    method: 'PUT',
    path: workspacePaths.workingHours,
    summary: 'Set the working hours per weekday',
    body: updateWorkingHoursRequestSchema,
    answers: { 200: workingHoursResponseSchema },
  }),
  dailyLimits: defineEndpoint({
    ...workspaceCall,
    method: 'GET',
    path: workspacePaths.dailyLimits,
    summary: 'The four per-day limits',
    answers: { 200: dailyLimitsResponseSchema },
  }),
  updateDailyLimits: defineEndpoint({
    ...workspaceChange,
    method: 'PUT',
    path: workspacePaths.dailyLimits,
    summary: 'Set the four per-day limits (steps of 5 within each range)',
    body: updateDailyLimitsRequestSchema,
    answers: { 200: dailyLimitsResponseSchema },
  }),
  automationMode: defineEndpoint({
    ...workspaceCall,
    method: 'GET',
    path: workspacePaths.automationMode,
    summary: 'Where automation runs (locally for now) and from which address',
    answers: { 200: automationModeResponseSchema },
  }),
  periodStatistics: defineEndpoint({
    ...workspaceChange,
    method: 'GET',
    path: workspacePaths.periodStatistics,
    summary: 'What was performed in [start, end), with the limits over that range',
    query: periodStatisticsQuerySchema,
    answers: { 200: periodStatisticsResponseSchema },
  }),
};
