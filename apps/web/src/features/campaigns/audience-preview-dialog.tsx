import type { AudiencePreview } from '@outpilot/contracts';
import { PreviewConfirmDialog, pluralContacts } from '../contacts/preview-confirm-dialog.tsx';

/** The question after the add preview (seed 002 §5): plain when the rules reject nobody. */
export function addQuestion(preview: AudiencePreview, campaignName: string): string {
  if (preview.invalid_count === 0) return `Add ${pluralContacts(preview.valid_count)} to “${campaignName}”?`;
  return `Will add ${pluralContacts(preview.valid_count)}, ${preview.invalid_count} will not be added, proceed?`;
}

type AudiencePreviewDialogProps = {
  preview: AudiencePreview | null;
  campaignName: string;
  isAdding: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Add to a campaign after the server's target audience preview. */
export function AudiencePreviewDialog({
  preview,
  campaignName,
  isAdding,
  onConfirm,
  onClose,
}: AudiencePreviewDialogProps) {
  return (
    <PreviewConfirmDialog
      title="Add contacts to campaign"
      preview={preview && { rules: preview.validation_rules_summary, validCount: preview.valid_count }}
      question={preview ? addQuestion(preview, campaignName) : ''}
      keptLabel="Contacts that will not be added"
      isBusy={isAdding}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
