import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { dayEndIso, dayStartIso, formatDay, monthStartOf, todayIn } from './calendar-days.ts';
import { DateRangeCalendar, type DayRange } from './date-range-calendar.tsx';
import { allFigures, StatisticsFigures } from './statistics-figures.tsx';
import { usePeriodStatistics } from './use-period-statistics.ts';

/** The 'Performed' range (default: month start to today) with a calendar popup and the range's statistics. */
export function PerformedRange({ timezoneOffset, now = new Date() }: { timezoneOffset: number; now?: Date }) {
  const today = todayIn(timezoneOffset, now);
  const [range, setRange] = useState<DayRange>({ start: monthStartOf(today), end: today });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const statistics = usePeriodStatistics({
    start: dayStartIso(range.start, timezoneOffset),
    end: dayEndIso(range.end, timezoneOffset),
  });

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Performed
        </Typography>
        <Button
          variant="outlined"
          size="small"
          // The name holds the dates it shows, so a person who says what they see can press it.
          aria-label={`Performed range ${formatDay(range.start)} – ${formatDay(range.end)}`}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {formatDay(range.start)} – {formatDay(range.end)}
        </Button>
      </Stack>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <DateRangeCalendar
          today={today}
          initial={range}
          onCancel={() => setAnchor(null)}
          onApply={(next) => {
            setRange(next);
            setAnchor(null);
          }}
        />
      </Popover>
      {statistics.isPending ? (
        <CircularProgress size={24} aria-label="Loading statistics" />
      ) : statistics.isError ? (
        <Alert severity="error">{statistics.error.message}</Alert>
      ) : (
        <StatisticsFigures figures={allFigures(statistics.data)} />
      )}
    </Stack>
  );
}
