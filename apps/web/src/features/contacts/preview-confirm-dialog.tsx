import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { contactsTexts, type ValidationRuleSummary } from '@outpilot/contracts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export const pluralContacts = (count: number) => (count === 1 ? '1 contact' : `${count} contacts`);

/** A server preview of a change to several contacts: what the rules keep out, and how many go. */
export type ChangePreview = { rules: readonly ValidationRuleSummary[]; validCount: number };

/** The "Preview of removal" of seed 002 §3 (delete and exclude answer the same shape). */
export const removalPreview = (preview: {
  validation_rules_summary: readonly ValidationRuleSummary[];
  valid_audience_count: number;
}): ChangePreview => ({ rules: preview.validation_rules_summary, validCount: preview.valid_audience_count });

/** How many contacts the rules keep out of the change. */
export const keptCount = (preview: ChangePreview) => preview.rules.reduce((sum, rule) => sum + rule.count, 0);

type PreviewConfirmDialogProps = {
  title: string;
  /** Null while closed. */
  preview: ChangePreview | null;
  /** The question when some contacts can go (the caller words it by what the rules kept). */
  question: string;
  /** Names the list of rules, e.g. 'Contacts that will not be added'. */
  keptLabel: string;
  /** The buttons when the rules keep nobody out (Confirm/Cancel otherwise). */
  plainButtons?: 'confirm' | 'yes-no';
  destructive?: boolean;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The dialog after an add, delete or exclude preview (seed 002 §5): none valid → 'Please select
 * other contacts' with Ok only; some rejected → the rules' counts and descriptions, the question
 * and Confirm/Cancel; nobody rejected → the question alone.
 */
export function PreviewConfirmDialog({
  title,
  preview,
  question,
  keptLabel,
  plainButtons = 'confirm',
  destructive = false,
  isBusy,
  onConfirm,
  onClose,
}: PreviewConfirmDialogProps) {
  const noneValid = preview !== null && preview.validCount === 0;
  const kept = preview === null ? 0 : keptCount(preview);
  return (
    <ConfirmDialog
      open={preview !== null}
      title={title}
      buttons={noneValid ? 'ok' : kept > 0 ? 'confirm' : plainButtons}
      destructive={destructive}
      isBusy={isBusy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {preview && preview.rules.length > 0 && (
        <List dense aria-label={keptLabel}>
          {preview.rules.map((rule) => (
            <ListItem key={rule.description} disableGutters>
              <ListItemText primary={`${rule.count} — ${rule.description}`} />
            </ListItem>
          ))}
        </List>
      )}
      <Typography>{noneValid ? contactsTexts.selectOtherContacts : question}</Typography>
    </ConfirmDialog>
  );
}
