import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  addMonths,
  type CalendarDay,
  formatDay,
  monthGrid,
  monthLongNames,
  partsOf,
  weekdayShortNames,
} from './calendar-days.ts';

export type DayRange = { start: CalendarDay; end: CalendarDay };

type DateRangeCalendarProps = {
  today: CalendarDay;
  initial: DayRange;
  onCancel: () => void;
  onApply: (range: DayRange) => void;
};

type Draft = { start: CalendarDay; end: CalendarDay | null };

function Month({
  year,
  month,
  today,
  draft,
  onPick,
}: {
  year: number;
  month: number;
  today: CalendarDay;
  draft: Draft;
  onPick: (day: CalendarDay) => void;
}) {
  const title = `${monthLongNames[month]} ${year}`;
  const end = draft.end ?? draft.start;
  const grid = monthGrid(year, month);
  const days = grid.filter((day): day is CalendarDay => day !== null);
  // The first day sits under its weekday column (Monday first).
  const firstColumn = grid.length - days.length + 1;
  return (
    <Box role="group" aria-label={title}>
      <Typography sx={{ textAlign: 'center', fontWeight: 600, mb: 1 }}>{title}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 36px)', gap: 0.25 }}>
        {weekdayShortNames.map((name) => (
          <Typography
            key={name}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center' }}
            data-testid="weekday-header"
          >
            {name}
          </Typography>
        ))}
        {days.map((day, index) => {
          const isFuture = day > today;
          const isEdge = day === draft.start || day === end;
          const isInRange = day >= draft.start && day <= end;
          return (
            <ButtonBase
              key={day}
              disabled={isFuture}
              aria-label={formatDay(day)}
              aria-pressed={isInRange}
              onClick={() => onPick(day)}
              sx={{
                height: 36,
                borderRadius: 1,
                fontSize: 14,
                color: isFuture ? 'text.disabled' : isEdge ? 'primary.contrastText' : 'text.primary',
                bgcolor: isEdge ? 'primary.main' : isInRange ? 'action.selected' : 'transparent',
                fontWeight: day === today ? 700 : 400,
                gridColumnStart: index === 0 ? firstColumn : undefined,
              }}
            >
              {partsOf(day).day}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}

/** A two-month range calendar: week starts Monday, future days cannot be picked, Cancel and Apply. */
export function DateRangeCalendar({ today, initial, onCancel, onApply }: DateRangeCalendarProps) {
  const [draft, setDraft] = useState<Draft>(initial);
  const todayParts = partsOf(today);
  const initialEnd = partsOf(initial.end);
  const [right, setRight] = useState({ year: initialEnd.year, month: initialEnd.month });
  const left = addMonths(right.year, right.month, -1);
  const isLastMonth = right.year === todayParts.year && right.month === todayParts.month;

  const pick = (day: CalendarDay) => {
    setDraft((current) => {
      if (current.end !== null) return { start: day, end: null };
      return day < current.start ? { start: day, end: current.start } : { start: current.start, end: day };
    });
  };

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
        <IconButton aria-label="Previous month" onClick={() => setRight(left)} size="small">
          ‹
        </IconButton>
        <Month {...left} today={today} draft={draft} onPick={pick} />
        <Month {...right} today={today} draft={draft} onPick={pick} />
        <IconButton
          aria-label="Next month"
          disabled={isLastMonth}
          onClick={() => setRight(addMonths(right.year, right.month, 1))}
          size="small"
        >
          ›
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={draft.end === null}
          onClick={() => draft.end !== null && onApply({ start: draft.start, end: draft.end })}
        >
          Apply
        </Button>
      </Stack>
    </Stack>
  );
}
