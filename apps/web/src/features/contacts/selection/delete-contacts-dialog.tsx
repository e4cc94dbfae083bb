import type { ContactsDeletePreviewAnswer } from '@outpilot/contracts';
import {
  keptCount,
  PreviewConfirmDialog,
  pluralContacts,
  removalPreview,
} from '../preview-confirm-dialog.tsx';

/** The question of the delete confirmation, after the preview (§5 adapted to delete). */
export function deleteQuestion(preview: ContactsDeletePreviewAnswer): string {
  const kept = keptCount(removalPreview(preview));
  if (kept === 0)
    return `Delete ${pluralContacts(preview.valid_audience_count)} from Outpilot? This cannot be undone.`;
  return `${pluralContacts(preview.valid_audience_count)} will be deleted, ${kept} will not be deleted, proceed?`;
}

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
      question={preview ? deleteQuestion(preview) : ''}
      keptLabel="Contacts that will not be deleted"
      destructive
      isBusy={isDeleting}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
