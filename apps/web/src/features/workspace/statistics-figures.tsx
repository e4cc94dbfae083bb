import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PeriodStatisticsResponse, StatisticsLimit } from '@outpilot/contracts';
import { statisticsScale } from '@outpilot/domain';

export type StatisticsFigure = { label: string; count: number; limit?: StatisticsLimit };

/** The four limited figures of seed 000 §3, in the order of the 'Performed today' block. */
export function limitedFigures(statistics: PeriodStatisticsResponse): StatisticsFigure[] {
  return [
    { label: 'Invitations', count: statistics.invitations_sent, limit: statistics.invitations_limit },
    { label: 'Messages', count: statistics.messages_count, limit: statistics.messages_limit },
    { label: 'Likes', count: statistics.react_on_post_count, limit: statistics.react_on_post_limit },
    { label: 'Follows', count: statistics.follow_count, limit: statistics.follow_limit },
  ];
}

/** Every figure of the 'Performed' range. */
export function allFigures(statistics: PeriodStatisticsResponse): StatisticsFigure[] {
  const [invitations, messages, likes, follows] = limitedFigures(statistics);
  return [
    ...(invitations ? [invitations] : []),
    { label: 'Accepted', count: statistics.invitations_accepted_count },
    { label: 'Withdrawn', count: statistics.withdrawn_count },
    ...(messages ? [messages] : []),
    { label: 'Replied', count: statistics.replied_count },
    ...(likes ? [likes] : []),
    ...(follows ? [follows] : []),
  ];
}

/** Each count with its limit; a '~' limit is drawn against a scale of 50. */
export function StatisticsFigures({
  figures,
  dense = false,
}: {
  figures: StatisticsFigure[];
  dense?: boolean;
}) {
  return (
    <Stack spacing={dense ? 0.75 : 1.25}>
      {figures.map(({ label, count, limit }) => (
        <Stack key={label} spacing={0.25} data-testid={`figure-${label}`}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="body2">{label}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {limit === undefined ? count : `${count} / ${limit}`}
            </Typography>
          </Stack>
          {limit !== undefined && (
            <LinearProgress
              variant="determinate"
              aria-label={`${label} performed`}
              value={Math.min(100, (count / Math.max(1, statisticsScale(limit))) * 100)}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
