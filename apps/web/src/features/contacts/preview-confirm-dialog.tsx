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

/** The changes a preview comes before, with the word for a contact the change leaves alone. */
const changeWords = { add: 'added', delete: 'deleted', exclude: 'excluded' } as const;
export type PreviewedChange = keyof typeof changeWords;

/**
 * The question when the rules keep some contacts out: seed 001 §5 and seed 002 §5 give 'will add
 * N, M will not be added, proceed?' and say the same for delete and exclude, so every screen's
 * add, delete and exclude asks it in these words.
 */
export function someKeptQuestion(change: PreviewedChange, validCount: number, kept: number): string {
  return `Will ${change} ${pluralContacts(validCount)}, ${kept} will not be ${changeWords[change]}, proceed?`;
}

type PreviewConfirmDialogProps = {
  title: string;
  /** Null while closed. */
  preview: ChangePreview | null;
  /** What the preview comes before: words the question when the rules keep some contacts out. */
  change: PreviewedChange;
  /** The question when the rules keep nobody out ('Exclude Ada from “Spring”?'). */
  plainQuestion: string;
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
  change,
  plainQuestion,
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
        <List dense aria-label={`Contacts that will not be ${changeWords[change]}`}>
          {preview.rules.map((rule) => (
            <ListItem key={rule.description} disableGutters>
              <ListItemText primary={`${rule.count} — ${rule.description}`} />
            </ListItem>
          ))}
        </List>
      )}
      <Typography>
        {noneValid
          ? contactsTexts.selectOtherContacts
          : kept > 0 && preview
            ? someKeptQuestion(change, preview.validCount, kept)
            : plainQuestion}
      </Typography>
    </ConfirmDialog>
  );
}
