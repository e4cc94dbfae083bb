import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { campaignStateLabels } from '@outpilot/contracts';
import { useState } from 'react';
import { type AddableCampaign, useAddableCampaigns } from './use-addable-campaigns.ts';

type ChooseCampaignDialogProps = {
  open: boolean;
  /** The preview of the chosen campaign is being asked. */
  isPending: boolean;
  onChoose: (campaign: AddableCampaign) => void;
  onClose: () => void;
};

/** 'Add to campaign': the persona's campaigns that can take contacts, one to choose. */
export function ChooseCampaignDialog({ open, isPending, onChoose, onClose }: ChooseCampaignDialogProps) {
  const campaigns = useAddableCampaigns(open);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const documents = campaigns.data?.documents ?? [];
  const chosen = documents.find((campaign) => campaign.id === chosenId) ?? null;
  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby="choose-campaign-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setChosenId(null) } }}
    >
      <DialogTitle id="choose-campaign-title">Add to campaign</DialogTitle>
      <DialogContent dividers>
        {campaigns.isPending && <CircularProgress size={24} aria-label="Loading campaigns" />}
        {campaigns.isError && <Alert severity="error">The campaigns could not be loaded.</Alert>}
        {campaigns.isSuccess && documents.length === 0 && (
          <Typography color="text.secondary">
            There is no campaign that can take contacts. Create a campaign first.
          </Typography>
        )}
        {documents.length > 0 && (
          <List dense aria-label="Campaigns">
            {/* Each button in its own list item: a list holds items, and the chosen one says so. */}
            {documents.map((campaign) => (
              <ListItem key={campaign.id} disablePadding>
                <ListItemButton
                  selected={campaign.id === chosenId}
                  aria-pressed={campaign.id === chosenId}
                  onClick={() => setChosenId(campaign.id)}
                  disabled={isPending}
                >
                  <ListItemText primary={campaign.name} secondary={campaignStateLabels[campaign.state]} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={chosen === null}
          loading={isPending}
          onClick={() => chosen && onChoose(chosen)}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
