import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@outpilot/contracts';

export const launchPromptTexts = {
  ready: 'Ready to go! Launch it?',
  addToLaunch: 'Add contacts to launch your campaign!',
  addToStarted: 'Add contacts to your campaign!',
  addMore: 'Add more contacts',
  launch: 'Launch',
} as const;

/**
 * The launch prompts of the campaign contacts page (seed 001 §2): a draft that may run and has
 * contacts asks to launch; a campaign without contacts asks for some (to launch a draft, or for
 * a started one). Nothing otherwise.
 */
export function LaunchPrompt({
  campaign,
  isBusy,
  onAddContacts,
  onLaunch,
}: {
  campaign: Campaign;
  isBusy: boolean;
  onAddContacts: () => void;
  onLaunch: () => void;
}) {
  const hasContacts = campaign.target_audience_count > 0;
  const canLaunch = campaign.state === 'Compose' && campaign.events.run.enabled && campaign.steps.length > 0;
  const text = hasContacts
    ? canLaunch
      ? launchPromptTexts.ready
      : null
    : campaign.state === 'Compose'
      ? launchPromptTexts.addToLaunch
      : launchPromptTexts.addToStarted;
  if (text === null || campaign.archived || campaign.state === 'Completed') return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label="Launch">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
          {text}
        </Typography>
        <Button variant="outlined" onClick={onAddContacts}>
          {launchPromptTexts.addMore}
        </Button>
        {hasContacts && canLaunch && (
          <Button variant="contained" loading={isBusy} onClick={onLaunch}>
            {launchPromptTexts.launch}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
