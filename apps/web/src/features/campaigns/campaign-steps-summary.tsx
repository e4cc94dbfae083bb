import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type CampaignStep, delayTimeoutConstantMinutes } from '@outpilot/contracts';
import { DelayIcon } from './campaign-icons.tsx';
import { formatDelay } from './format-delay.ts';
import { stepTypeLabels } from './step-type-labels.ts';

/** The wait a step's delay shows: Connect's delay after acceptance, every other step's timeout. */
function stepDelay(step: CampaignStep): number {
  return step.type === 'Connect' ? step.delay : step.timeout;
}

function stepDetail(step: CampaignStep): string {
  switch (step.type) {
    case 'Connect':
      return `${step.message_template ? 'With a note' : 'Without a note'}; withdrawn after ${formatDelay(step.timeout)}`;
    case 'Message':
      return step.message_template;
    case 'ReactOnPost':
      return `Reaction: ${step.reaction}`;
    default:
      return '';
  }
}

/** The steps of the detail page, numbered, each with its delay as §2 "Delay display" says. */
export function CampaignStepsSummary({ steps }: { steps: readonly CampaignStep[] }) {
  return (
    <List dense aria-label="Steps">
      {steps.map((step, index) => {
        const delay = stepDelay(step);
        return (
          // Steps have no id; their position is what they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only here
          <ListItem key={index} disableGutters>
            <ListItemText
              primary={`${index + 1}. ${stepTypeLabels[step.type]}`}
              secondary={
                <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  {delay < delayTimeoutConstantMinutes && (
                    <Tooltip title="Delay">
                      <DelayIcon fontSize="inherit" aria-hidden />
                    </Tooltip>
                  )}
                  <span>
                    Delay: {formatDelay(delay)}
                    {stepDetail(step) ? ` — ${stepDetail(step)}` : ''}
                  </span>
                </Stack>
              }
              slotProps={{ secondary: { component: 'div', sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
