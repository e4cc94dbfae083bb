import type { AudiencePreview } from '@outpilot/contracts';
import { PreviewConfirmDialog, pluralContacts } from '../contacts/preview-confirm-dialog.tsx';

/** The question after the add preview when the rules reject nobody (seed 002 §5). */
export const addQuestion = (preview: AudiencePreview, campaignName: string) =>
  `Add ${pluralContacts(preview.valid_count)} to “${campaignName}”?`;

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
      change="add"
      plainQuestion={preview ? addQuestion(preview, campaignName) : ''}
      isBusy={isAdding}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
