import type { ContactsDeletePreviewAnswer } from '@outpilot/contracts';
import { PreviewConfirmDialog, pluralContacts, removalPreview } from '../preview-confirm-dialog.tsx';

/** The question of the delete confirmation when the rules keep nobody (§5 adapted to delete). */
export const deleteQuestion = (preview: ContactsDeletePreviewAnswer) =>
  `Delete ${pluralContacts(preview.valid_audience_count)} from Outpilot? This cannot be undone.`;

type DeleteContactsDialogProps = {
  preview: ContactsDeletePreviewAnswer | null;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Delete after the server's preview. */
export function DeleteContactsDialog({ preview, isDeleting, onConfirm, onClose }: DeleteContactsDialogProps) {
  return (
    <PreviewConfirmDialog
      title="Delete contacts"
      preview={preview && removalPreview(preview)}
      change="delete"
      plainQuestion={preview ? deleteQuestion(preview) : ''}
      destructive
      isBusy={isDeleting}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
