import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type AudiencePreview, contactsTexts } from '@outpilot/contracts';

const plural = (count: number) => (count === 1 ? '1 contact' : `${count} contacts`);

/** The question after the add preview (seed 002 §5): plain when the rules reject nobody. */
export function addQuestion(preview: AudiencePreview, campaignName: string): string {
  if (preview.invalid_count === 0) return `Add ${plural(preview.valid_count)} to “${campaignName}”?`;
  return `Will add ${plural(preview.valid_count)}, ${preview.invalid_count} will not be added, proceed?`;
}

type AudiencePreviewDialogProps = {
  preview: AudiencePreview | null;
  campaignName: string;
  isAdding: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Add to a campaign after the server's preview: none valid → 'Please select other contacts' with
 * Ok only; some rejected → the rules' counts and descriptions and Confirm/Cancel; else a plain confirm.
 */
export function AudiencePreviewDialog({
  preview,
  campaignName,
  isAdding,
  onConfirm,
  onClose,
}: AudiencePreviewDialogProps) {
  const noneValid = preview !== null && preview.valid_count === 0;
  return (
    <Dialog
      open={preview !== null}
      onClose={isAdding ? undefined : onClose}
      aria-labelledby="audience-preview-title"
    >
      <DialogTitle id="audience-preview-title">Add contacts to campaign</DialogTitle>
      {preview && (
        <DialogContent>
          {preview.validation_rules_summary.length > 0 && (
            <List dense aria-label="Contacts that will not be added">
              {preview.validation_rules_summary.map((rule) => (
                <ListItem key={rule.description} disableGutters>
                  <ListItemText primary={`${rule.count} — ${rule.description}`} />
                </ListItem>
              ))}
            </List>
          )}
          <Typography>
            {noneValid ? contactsTexts.selectOtherContacts : addQuestion(preview, campaignName)}
          </Typography>
        </DialogContent>
      )}
      <DialogActions>
        {noneValid ? (
          <Button variant="contained" onClick={onClose}>
            Ok
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isAdding}>
              Cancel
            </Button>
            <Button variant="contained" onClick={onConfirm} loading={isAdding}>
              Confirm
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
