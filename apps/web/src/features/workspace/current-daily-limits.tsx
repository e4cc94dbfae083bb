import CircularProgress from '@mui/material/CircularProgress';
import { DailyLimitsForm } from './daily-limits-form.tsx';
import { useDailyLimits } from './use-daily-limits.ts';

/** The daily-limit selectors with the workspace's current limits. */
export function CurrentDailyLimits() {
  const limits = useDailyLimits();
  if (!limits.data) return <CircularProgress size={24} aria-label="Loading daily limits" />;
  return <DailyLimitsForm limits={limits.data} />;
}
