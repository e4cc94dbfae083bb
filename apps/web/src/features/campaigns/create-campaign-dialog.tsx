import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { campaignNameMaxLength } from '@outpilot/contracts';
import { type FormEvent, useState } from 'react';

export const campaignNameTexts = {
  required: 'Enter the campaign name',
  tooLong: `The campaign name can be at most ${campaignNameMaxLength} characters`,
} as const;

/** The campaign name's problem (seed 001 §5: required, max 50), null when it is fine. */
export function campaignNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return campaignNameTexts.required;
  if (trimmed.length > campaignNameMaxLength) return campaignNameTexts.tooLong;
  return null;
}

type CreateCampaignDialogProps = {
  open: boolean;
  isCreating: boolean;
  /** Called with the trimmed, valid name. */
  onCreate: (name: string) => void;
  onClose: () => void;
};

/** 'Create campaign': asks the new campaign's name; Enter submits, Create waits for a name (§2). */
export function CreateCampaignDialog({ open, isCreating, onCreate, onClose }: CreateCampaignDialogProps) {
  const [name, setName] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);
  const error = campaignNameError(name);
  // Too long shows at once; empty only after a first try.
  const shownError = error === campaignNameTexts.tooLong || isSubmitted ? error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error === null) onCreate(name.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={isCreating ? undefined : onClose}
      aria-labelledby="create-campaign-title"
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            setName('');
            setSubmitted(false);
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-campaign-title">Create campaign</DialogTitle>
        <DialogContent>
          <TextField
            label="Campaign name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={shownError !== null}
            helperText={shownError ?? `${name.trim().length} / ${campaignNameMaxLength}`}
            required
            fullWidth
            autoFocus
            margin="dense"
            disabled={isCreating}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isCreating} disabled={name.trim() === ''}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
