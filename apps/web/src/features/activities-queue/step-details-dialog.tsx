import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ActivityQueueItem } from '@outpilot/contracts';
import { useId } from 'react';
import { stepIndicatorLabel } from '../campaign-contacts/step-indicators.tsx';
import { formatStartIn } from '../contacts/row-actions/format-start-in.ts';
import { activityLabel } from './activity-labels.ts';
import { stepWaitingText, waitReasonText } from './wait-reason-text.ts';

/**
 * Show step details of a queue row: the contact's steps in this campaign with their states, the
 * queued activity and when it starts, and the text it will send as rendered for the contact.
 */
export function StepDetailsDialog({
  item,
  onClose,
}: {
  item: ActivityQueueItem | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const steps = item?.execution.step_executions.filter((step) => step.is_visible) ?? [];
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {item ? `${item.execution.linkedin_contact.full_name} in “${item.campaign.name}”` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {item && (
          <>
            <Typography>
              {`${activityLabel(item.operation_type)} — ${
                item.run_in_minutes === null
                  ? waitReasonText(item.wait_reason)
                  : item.run_in_minutes === 0
                    ? formatStartIn(0)
                    : `starts in ${formatStartIn(item.run_in_minutes)}`
              }`}
            </Typography>
            <List dense aria-label="Steps">
              {steps.map((step, index) => (
                <ListItem key={step.step_number} disableGutters>
                  <ListItemText
                    primary={stepIndicatorLabel(step, index + 1)}
                    secondary={
                      [step.hint, step.waiting && stepWaitingText(step.waiting)]
                        .filter(Boolean)
                        .join(' — ') || null
                    }
                  />
                </ListItem>
              ))}
            </List>
            {item.message !== null && (
              <Paper variant="outlined" sx={{ p: 2, whiteSpace: 'pre-wrap' }} aria-label="Message">
                <Typography variant="body2">{item.message}</Typography>
              </Paper>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
