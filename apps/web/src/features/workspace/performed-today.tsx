import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { dayStartIso, instantIso, todayIn } from './calendar-days.ts';
import { limitedFigures, StatisticsFigures } from './statistics-figures.tsx';
import { usePeriodStatistics } from './use-period-statistics.ts';

/** The header menu's 'Performed today' block: today's start (workspace time) to now. */
export function PerformedToday({ timezoneOffset }: { timezoneOffset: number }) {
  // Read once when the block mounts (the menu opens), so the query key stays stable.
  const [range] = useState(() => {
    const now = new Date();
    return {
      start: dayStartIso(todayIn(timezoneOffset, now), timezoneOffset),
      end: instantIso(now, timezoneOffset),
    };
  });
  const statistics = usePeriodStatistics(range);
  return (
    <Stack spacing={1} sx={{ px: 2, py: 1, minWidth: 240 }} aria-label="Performed today" role="group">
      <Typography variant="subtitle2">Performed today</Typography>
      {statistics.isPending ? (
        <CircularProgress size={20} aria-label="Loading statistics" />
      ) : statistics.isError ? (
        <Typography variant="body2" color="error">
          {statistics.error.message}
        </Typography>
      ) : (
        <StatisticsFigures figures={limitedFigures(statistics.data)} dense />
      )}
    </Stack>
  );
}
