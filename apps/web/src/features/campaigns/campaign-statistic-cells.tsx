import TableCell from '@mui/material/TableCell';
import type { CampaignStatistics } from '@outpilot/contracts';
import { formatGridDate } from '../contacts/grid/format-grid-date.ts';
import { formatRate } from './format-rate.ts';

/** The statistic columns' titles, in the order of the cells below. */
export const statisticColumnTitles = [
  'Invites sent',
  'Acceptance rate',
  'Messages sent',
  'Reply rate',
] as const;

/**
 * A campaign row's statistics and creation date, as the campaign list and the team campaigns table
 * show them: invites sent, acceptance rate, messages sent, reply rate (numbers right-aligned,
 * rates as whole percentages, '...' with nothing to rate), then created.
 */
export function CampaignStatisticCells({
  statistics,
  created,
}: {
  statistics: Pick<
    CampaignStatistics,
    'invitation_sent' | 'acceptance_rate' | 'messages_sent' | 'reply_rate'
  >;
  created: string;
}) {
  return (
    <>
      <TableCell align="right">{statistics.invitation_sent}</TableCell>
      <TableCell align="right">{formatRate(statistics.acceptance_rate)}</TableCell>
      <TableCell align="right">{statistics.messages_sent}</TableCell>
      <TableCell align="right">{formatRate(statistics.reply_rate)}</TableCell>
      <TableCell>{formatGridDate(created)}</TableCell>
    </>
  );
}
