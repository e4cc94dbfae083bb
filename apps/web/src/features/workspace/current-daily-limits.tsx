import CircularProgress from '@mui/material/CircularProgress';
import {
  type DailyLimits,
  defaultDailyLimits,
  noStatisticsLimit,
  type StatisticsLimit,
} from '@outpilot/contracts';
import { useMemo, useState } from 'react';
import { dayEndIso, dayStartIso, todayIn } from './calendar-days.ts';
import { DailyLimitsForm } from './daily-limits-form.tsx';
import { usePeriodStatistics } from './use-period-statistics.ts';

const orDefault = (limit: StatisticsLimit, fallback: number) =>
  limit === noStatisticsLimit ? fallback : limit;

/**
 * The daily-limit selectors with the workspace's current limits. The spec shows no GET for the limits;
 * today's statistics carry them, so they are read from there.
 */
export function CurrentDailyLimits({ timezoneOffset }: { timezoneOffset: number }) {
  const [today] = useState(() => todayIn(timezoneOffset, new Date()));
  const statistics = usePeriodStatistics({
    start: dayStartIso(today, timezoneOffset),
    end: dayEndIso(today, timezoneOffset),
  });
  const limits = useMemo((): DailyLimits | null => {
    if (!statistics.data) return null;
    const data = statistics.data;
    return {
      daily_linkedin_follow_limit: orDefault(
        data.follow_limit,
        defaultDailyLimits.daily_linkedin_follow_limit,
      ),
      daily_linkedin_invitations_limit: orDefault(
        data.invitations_limit,
        defaultDailyLimits.daily_linkedin_invitations_limit,
      ),
      daily_linkedin_messages_limit: orDefault(
        data.messages_limit,
        defaultDailyLimits.daily_linkedin_messages_limit,
      ),
      daily_linkedin_react_on_post_limit: orDefault(
        data.react_on_post_limit,
        defaultDailyLimits.daily_linkedin_react_on_post_limit,
      ),
    };
  }, [statistics.data]);
  if (!limits) return <CircularProgress size={24} aria-label="Loading daily limits" />;
  return <DailyLimitsForm limits={limits} />;
}
