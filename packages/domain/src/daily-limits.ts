import {
  type DailyLimitKind,
  type DailyLimits,
  dailyLimitFields,
  dailyLimitKinds,
  dailyLimitRanges,
  type FieldError,
  noLimitStatisticsScale,
  noStatisticsLimit,
  type StatisticsLimit,
} from '@outpilot/contracts';

/** Daily-limit rules of seed 000 §9: the side panel's four selectors and PUT workspace/daily-limits. */

/** The selector's choices: min, min + step, ..., max (0, 5, ..., 75 for invitations). */
export function limitChoices(kind: DailyLimitKind): number[] {
  const { min, max, step } = dailyLimitRanges[kind];
  const choices: number[] = [];
  for (let value = min; value <= max; value += step) choices.push(value);
  return choices;
}

export function isValidDailyLimit(kind: DailyLimitKind, value: number): boolean {
  const { min, max, step } = dailyLimitRanges[kind];
  return Number.isInteger(value) && value >= min && value <= max && (value - min) % step === 0;
}

/** One error per field outside its choices, e.g. 'daily_linkedin_invitations_limit must be a multiple of 5 between 0 and 75'. */
export function validateDailyLimits(limits: DailyLimits): FieldError[] {
  return dailyLimitKinds.flatMap((kind) => {
    const field = dailyLimitFields[kind];
    if (isValidDailyLimit(kind, limits[field])) return [];
    const { min, max, step } = dailyLimitRanges[kind];
    return [{ field, description: `${field} must be a multiple of ${step} between ${min} and ${max}` }];
  });
}

/** The bar scale of a 'Performed' statistic: its limit, or 50 when the limit is '~' (none) (§3). */
export function statisticsScale(limit: StatisticsLimit): number {
  return limit === noStatisticsLimit ? noLimitStatisticsScale : limit;
}
