import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ActivityQueueItem, formatCount } from '@outpilot/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ActionsHeaderCell } from '../../components/actions-header-cell.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { formatStartIn } from '../contacts/row-actions/format-start-in.ts';
import { rowMenuOpensUpward } from '../contacts/row-actions/row-menu-placement.ts';
import { PageTitle } from '../shell/page-title.tsx';
import { activitiesQueueTexts } from './activities-queue-texts.ts';
import { activityLabel } from './activity-labels.ts';
import { ActivityRowMenu } from './activity-row-menu.tsx';
import { ExportInteractionLogButton } from './export-interaction-log-button.tsx';
import { StepDetailsDialog } from './step-details-dialog.tsx';
import { useActivitiesQueue } from './use-activities-queue.ts';
import { useNetworkAccountWarning } from './use-network-account-warning.ts';
import { waitReasonText } from './wait-reason-text.ts';

const activitiesCount = (total: number) => (total === 1 ? '1 activity' : `${formatCount(total)} activities`);

/** /activities-queue (seed 001 §2 "Activities queue"): what the product will do next, and when. */
// The row menu stays in view while the other columns scroll sideways under it.
const pinnedEnd = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderLeft: 1,
  borderLeftColor: 'divider',
} as const;

export function ActivitiesQueuePage() {
  const config = useClientConfig();
  const queue = useActivitiesQueue();
  const isWrongAccount = useNetworkAccountWarning();
  const [details, setDetails] = useState<ActivityQueueItem | null>(null);
  const rows = queue.data?.data.documents ?? [];
  return (
    <>
      <PageTitle>{activitiesQueueTexts.title}</PageTitle>
      <Stack spacing={2}>
        {queue.data?.weekly_invitation_limit_exceeded && (
          <Alert severity="warning">{activitiesQueueTexts.weeklyLimit}</Alert>
        )}
        {queue.data?.outside_working_hours && (
          <Alert severity="info">{activitiesQueueTexts.outsideWorkingHours}</Alert>
        )}
        {isWrongAccount && <Alert severity="warning">{activitiesQueueTexts.wrongNetworkAccount}</Alert>}
        {/* §7: a failed call leaves the list empty (total -1): said, not shown as an empty queue. */}
        {queue.isError && <Alert severity="error">{activitiesQueueTexts.loadFailed}</Alert>}
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" data-testid="queue-total">
            {queue.data ? activitiesCount(queue.data.data.total) : ''}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <ExportInteractionLogButton label={activitiesQueueTexts.exportRecent} />
        </Stack>
        <TableContainer component={Paper} variant="outlined">
          {/* At 390 px the columns keep a readable width and the table scrolls sideways under the
              pinned row menu (squeezed, a campaign's name took five lines a row). */}
          <Table size="small" aria-label={activitiesQueueTexts.title} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>Contact</TableCell>
                <TableCell>Campaign</TableCell>
                <TableCell>Activity</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Starts In</TableCell>
                <ActionsHeaderCell sx={pinnedEnd} />
              </TableRow>
            </TableHead>
            <TableBody>
              {queue.isPending && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <CircularProgress size={24} aria-label="Loading the queue" />
                  </TableCell>
                </TableRow>
              )}
              {queue.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary">{activitiesQueueTexts.empty}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((item, index) => {
                const contact = item.execution.linkedin_contact;
                return (
                  <TableRow key={item.id} data-testid="queue-row">
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <Avatar src={contact.picture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                          {contact.full_name.charAt(0)}
                        </Avatar>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {contact.full_name}
                        </Typography>
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ minWidth: 160 }}>
                      <Link component={RouterLink} to={`/campaigns/${encodeURIComponent(item.campaign.id)}`}>
                        {item.campaign.name}
                      </Link>
                    </TableCell>
                    <TableCell>{activityLabel(item.operation_type)}</TableCell>
                    <TableCell>{item.execution.human_state}</TableCell>
                    <TableCell>
                      {/* No time while its campaign is paused: the reason below says why. */}
                      {item.run_in_minutes === null ? '—' : formatStartIn(item.run_in_minutes)}
                      {item.wait_reason && (
                        <Typography variant="caption" color="text.secondary" component="p">
                          {waitReasonText(item.wait_reason)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={pinnedEnd}>
                      <ActivityRowMenu
                        item={item}
                        config={config}
                        opensUpward={rowMenuOpensUpward(rows.length, index)}
                        onShowDetails={() => setDetails(item)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
      <StepDetailsDialog item={details} onClose={() => setDetails(null)} />
    </>
  );
}
