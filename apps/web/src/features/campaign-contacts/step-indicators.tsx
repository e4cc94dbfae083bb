import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Execution, ExecutionState, StepExecution } from '@outpilot/contracts';
import { executionStateLabels } from '@outpilot/domain';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { stepWaitingText } from '../activities-queue/wait-reason-text.ts';
import { stepTypeLabels } from '../contacts/row-actions/execution-details-dialog.tsx';

/**
 * The activity-state colours of seed 001 §4 (inQueue, inProgress, responded, ignored, skipped,
 * cancelled, failed), by execution state; a step not reached yet is a grey ring.
 */
export const stepStateColours: Readonly<Record<ExecutionState, string>> = {
  NotStarted: 'transparent',
  InQueue: 'info.main',
  InProgress: 'warning.main',
  Succeed: 'success.main',
  Ignored: 'grey.600',
  Skipped: 'secondary.main',
  Cancelled: 'grey.900',
  Failed: 'error.main',
};

/** What one indicator says, for the tooltip and for assistive technology alike. */
export const stepIndicatorLabel = (step: StepExecution, position: number) =>
  `${position}. ${stepTypeLabels[step.type]}: ${step.human_state}`;

/** The indicator's whole text: its label, then why it does not move (a paused campaign, a wait). */
const stepIndicatorText = (step: StepExecution, position: number) =>
  [stepIndicatorLabel(step, position), step.hint, step.waiting && stepWaitingText(step.waiting)]
    .filter(Boolean)
    .join(' — ');

function StepDot({ step, position }: { step: StepExecution; position: number }) {
  const label = stepIndicatorText(step, position);
  return (
    <Tooltip title={label}>
      <Box
        component="li"
        data-state={step.state}
        sx={{
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: stepStateColours[step.state],
          border: 2,
          borderColor: step.state === 'NotStarted' ? 'grey.500' : stepStateColours[step.state],
          flexShrink: 0,
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      </Box>
    </Tooltip>
  );
}

/**
 * The Status column of a campaign's contacts (seed 002 §2.2): one indicator per visible step
 * (Delay steps are folded into Connect) coloured by its state, then the execution's label. A
 * contact the campaign has not started with shows 'Not started'.
 */
export function StepIndicators({ execution }: { execution: Execution | null }) {
  const steps = execution?.step_executions.filter((step) => step.is_visible) ?? [];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
      {steps.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          spacing={0.5}
          aria-label="Steps"
          sx={{ listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}
        >
          {steps.map((step, index) => (
            <StepDot key={step.step_number} step={step} position={index + 1} />
          ))}
        </Stack>
      )}
      <Typography variant="body2" noWrap>
        {execution?.human_state ?? executionStateLabels.NotStarted}
      </Typography>
    </Stack>
  );
}
