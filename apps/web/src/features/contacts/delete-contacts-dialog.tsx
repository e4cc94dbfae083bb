import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ContactsDeletePreviewAnswer, contactsTexts } from '@outpilot/contracts';

const plural = (count: number) => (count === 1 ? '1 contact' : `${count} contacts`);

/** The question of the delete confirmation, after the preview (§5 adapted to delete). */
export function deleteQuestion(preview: ContactsDeletePreviewAnswer): string {
  const kept = preview.validation_rules_summary.reduce((sum, rule) => sum + rule.count, 0);
  if (kept === 0)
    return `Delete ${plural(preview.valid_audience_count)} from Outpilot? This cannot be undone.`;
  return `${plural(preview.valid_audience_count)} will be deleted, ${kept} will not be deleted, proceed?`;
}

type DeleteContactsDialogProps = {
  preview: ContactsDeletePreviewAnswer | null;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Delete after the server's preview: none valid → 'Please select other contacts' with Ok only;
 * otherwise the rules' counts and descriptions and Confirm/Cancel.
 */
export function DeleteContactsDialog({ preview, isDeleting, onConfirm, onClose }: DeleteContactsDialogProps) {
  const noneValid = preview !== null && preview.valid_audience_count === 0;
  return (
    <Dialog
      open={preview !== null}
      onClose={isDeleting ? undefined : onClose}
      aria-labelledby="delete-contacts-title"
    >
      <DialogTitle id="delete-contacts-title">Delete contacts</DialogTitle>
      {preview && (
        <DialogContent>
          {preview.validation_rules_summary.length > 0 && (
            <List dense aria-label="Contacts that will not be deleted">
              {preview.validation_rules_summary.map((rule) => (
                <ListItem key={rule.description} disableGutters>
                  <ListItemText primary={`${rule.count} — ${rule.description}`} />
                </ListItem>
              ))}
            </List>
          )}
          <Typography>{noneValid ? contactsTexts.selectOtherContacts : deleteQuestion(preview)}</Typography>
        </DialogContent>
      )}
      <DialogActions>
        {noneValid ? (
          <Button variant="contained" onClick={onClose}>
            Ok
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="contained" color="error" onClick={onConfirm} loading={isDeleting}>
              Confirm
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
