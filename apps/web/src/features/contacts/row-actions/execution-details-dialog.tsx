import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Execution, StepDate, StepExecution, StoredStepType } from '@outpilot/contracts';
import { Fragment, useId } from 'react';
import { formatWaitEnd, stepWaitingText } from '../../activities-queue/wait-reason-text.ts';
import { formatGridDate } from '../grid/format-grid-date.ts';
import { formatStartIn } from './format-start-in.ts';
import {
  type ParticipatedCampaign,
  participatedCampaignPath,
  useContactCampaigns,
} from './use-contact-campaigns.ts';

/** The step types as a user reads them (seed 001 §2 "Action types"). */
export const stepTypeLabels: Readonly<Record<StoredStepType, string>> = {
  Connect: 'Connect',
  Message: 'Message',
  VisitProfile: 'Visit profile',
  Follow: 'Follow',
  ReactOnPost: 'React on post',
  EndorseSkill: 'Endorse skills',
  ScrapeProfile: 'Scrape profile',
  Delay: 'Delay',
};

export const detailsTexts = {
  failed: 'Campaigns could not be loaded',
  none: 'No campaign has started for this contact yet',
  added: 'Added',
  startsIn: 'Starts in',
} as const;

/** How a step's date reads (issue 21 item 5), before the date itself. */
const stepDateLabels: Readonly<Record<StepDate['kind'], string>> = {
  done: 'Done',
  failed: 'Failed',
  scheduled: 'Scheduled',
};

/**
 * Under a step: its date (done, failed or scheduled), why it does not move, what it waits for,
 * and its text as this contact gets it. A step waiting since its action says that date itself.
 */
function stepDetailsText(step: StepExecution): string | null {
  const date =
    step.date && !step.waiting?.since && `${stepDateLabels[step.date.kind]} ${formatWaitEnd(step.date.at)}`;
  const lines = [
    date,
    step.hint,
    step.waiting && stepWaitingText(step.waiting),
    step.message && `“${step.message}”`,
  ];
  return lines.filter(Boolean).join(' — ') || null;
}

/** When the contact entered the campaign and when its next action runs. */
function timing(execution: Execution): string {
  const added = `${detailsTexts.added} ${formatGridDate(execution.created)}`;
  if (execution.start_in === null) return added;
  const next =
    execution.start_in === 0
      ? formatStartIn(0)
      : `${detailsTexts.startsIn} ${formatStartIn(execution.start_in)}`;
  return `${added} · ${next}`;
}

function CampaignDetails({ campaign, execution }: { campaign: ParticipatedCampaign; execution?: Execution }) {
  const headingId = useId();
  // Delay steps are folded into the step before them on screen, so they are neither listed nor counted.
  const steps = execution?.step_executions.filter((step) => step.is_visible) ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link
          id={headingId}
          variant="subtitle1"
          href={participatedCampaignPath(campaign)}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {campaign.name}
        </Link>
        <Chip size="small" label={campaign.stateLabel} />
        {campaign.archived && <Chip size="small" variant="outlined" label="Archived" />}
      </Stack>
      {execution && (
        <>
          <Typography variant="body2" color="text.secondary">
            {timing(execution)}
          </Typography>
          <List dense disablePadding aria-label={`Steps of ${campaign.name}`}>
            {steps.map((step, index) => (
              <ListItem key={step.step_number} disableGutters>
                <ListItemText
                  primary={`${index + 1}. ${stepTypeLabels[step.type]} — ${step.human_state}`}
                  secondary={stepDetailsText(step)}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}

type ExecutionDetailsDialogProps = {
  /** The contact shown; null while closed. */
  contact: { id: string; full_name: string; campaigns: readonly string[] } | null;
  onClose: () => void;
};

/**
 * Show details (seed 002 §2.2): each campaign of the contact with the state of its execution
 * (seed 001 §4 labels), when it was added, when its next action runs and each step's state, date,
 * hint and message as rendered for the contact. Reads the same answer as the row menu, so opening it from the menu costs no call.
 */
export function ExecutionDetailsDialog({ contact, onClose }: ExecutionDetailsDialogProps) {
  const titleId = useId();
  const participation = useContactCampaigns(contact ?? { id: '', campaigns: [] }, contact !== null);
  const executionOf = new Map(
    participation.data?.executions.map((execution) => [execution.campaign_id, execution]) ?? [],
  );
  const campaigns = participation.data?.campaigns ?? [];
  return (
    <Dialog open={contact !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{contact ? `Campaigns of ${contact.full_name}` : ''}</DialogTitle>
      <DialogContent dividers>
        {participation.isPending && contact?.campaigns.length !== 0 ? (
          <CircularProgress size={24} aria-label="Loading" />
        ) : participation.isError ? (
          <Alert severity="error">{detailsTexts.failed}</Alert>
        ) : campaigns.length === 0 ? (
          <Typography color="text.secondary">{detailsTexts.none}</Typography>
        ) : (
          campaigns.map((campaign, index) => (
            <Fragment key={campaign.id}>
              {index > 0 && <Divider />}
              <CampaignDetails campaign={campaign} execution={executionOf.get(campaign.id)} />
            </Fragment>
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
