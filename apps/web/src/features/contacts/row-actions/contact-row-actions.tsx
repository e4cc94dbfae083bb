import Typography from '@mui/material/Typography';
import {
  type ContactDocument,
  contactsTexts,
  type Execution,
  type ExecutionsDeletePreview,
} from '@outpilot/contracts';
import { type ReactNode, useCallback, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useNotify } from '../../notices/use-notify.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { PreviewConfirmDialog, removalPreview } from '../preview-confirm-dialog.tsx';
import { ExecutionDetailsDialog } from './execution-details-dialog.tsx';
import { useCompleteExecution } from './use-complete-execution.ts';
import { useExcludeContacts } from './use-exclude-contacts.ts';
import { useExcludePreview } from './use-exclude-preview.ts';

/** What a row's menu asks for; Open profile and Open conversation are plain links. */
export type ContactRowAction =
  | { kind: 'details'; contact: ContactDocument }
  | { kind: 'complete'; contact: ContactDocument; execution: Execution }
  /** null: a contact a campaign has not started with (its audience; the campaign view only). */
  | { kind: 'exclude'; contact: ContactDocument; execution: Execution | null };

export const rowActionTexts = {
  completeTitle: 'Complete contact',
  /** The success notice of PUT executions/{id}/complete (seed 002 §7.2, §8). */
  completed: 'Conversation is cancelled',
  excludeTitle: 'Exclude contacts',
} as const;

export const completeQuestion = (contact: ContactDocument, execution: Execution) =>
  `Complete “${execution.campaign_name}” for ${contact.full_name}? Its queued actions are cancelled.`;

/** The exclude question after the preview when the rules keep nobody: Yes/No (seed 002 §4-§5). */
export const excludeQuestion = (contact: ContactDocument, execution: Execution) =>
  `Exclude ${contact.full_name} from “${execution.campaign_name}”?`;

type Excluding = { contact: ContactDocument; execution: Execution; preview: ExecutionsDeletePreview };

/**
 * The row actions that need a dialog: Show details, Complete (confirm, PUT executions/{id}/complete)
 * and Exclude (GET executions/delete/preview, the preview dialog, DELETE executions/delete). They
 * live with the list, not in the row, so a row that leaves the page after the change (a filter on
 * campaigns) cannot take its dialog and notice with it.
 */
export function useContactRowActions(): { act: (action: ContactRowAction) => void; dialogs: ReactNode } {
  const { notify, notifyError } = useNotify();
  const [details, setDetails] = useState<ContactDocument | null>(null);
  const [completing, setCompleting] = useState<{ contact: ContactDocument; execution: Execution } | null>(
    null,
  );
  const [excluding, setExcluding] = useState<Excluding | null>(null);
  const completeExecution = useCompleteExecution();
  const excludePreview = useExcludePreview();
  const excludeContacts = useExcludeContacts();

  const previewExclude = excludePreview.mutate;
  const act = useCallback(
    (action: ContactRowAction) => {
      switch (action.kind) {
        case 'details':
          setDetails(action.contact);
          return;
        case 'complete':
          setCompleting({ contact: action.contact, execution: action.execution });
          return;
        case 'exclude': {
          const { execution } = action;
          // The contacts grid enables Exclude only with an execution; the campaign view runs its own.
          if (!execution) return;
          previewExclude([execution.id], {
            onSuccess: (preview) => setExcluding({ contact: action.contact, execution, preview }),
            onError: notifyError,
          });
          return;
        }
      }
    },
    [previewExclude, notifyError],
  );

  const confirmComplete = () => {
    if (!completing) return;
    completeExecution.mutate(completing.execution.id, {
      onSuccess: () => notify({ message: rowActionTexts.completed, variant: 'default' }),
      onError: notifyError,
      onSettled: () => setCompleting(null),
    });
  };

  const confirmExclude = () => {
    if (!excluding) return;
    excludeContacts.mutate([excluding.execution.id], {
      onSuccess: () => notify({ message: contactsTexts.excluded, variant: 'default' }),
      onError: notifyError,
      onSettled: () => setExcluding(null),
    });
  };

  const dialogs = (
    <>
      <OnceOpened open={details !== null}>
        <ExecutionDetailsDialog contact={details} onClose={() => setDetails(null)} />
      </OnceOpened>
      <OnceOpened open={completing !== null}>
        <ConfirmDialog
          open={completing !== null}
          title={rowActionTexts.completeTitle}
          buttons="yes-no"
          isBusy={completeExecution.isPending}
          onConfirm={confirmComplete}
          onClose={() => setCompleting(null)}
        >
          <Typography>{completing && completeQuestion(completing.contact, completing.execution)}</Typography>
        </ConfirmDialog>
      </OnceOpened>
      <OnceOpened open={excluding !== null}>
        <PreviewConfirmDialog
          title={rowActionTexts.excludeTitle}
          preview={excluding && removalPreview(excluding.preview)}
          change="exclude"
          plainQuestion={excluding ? excludeQuestion(excluding.contact, excluding.execution) : ''}
          plainButtons="yes-no"
          destructive
          isBusy={excludeContacts.isPending}
          onConfirm={confirmExclude}
          onClose={() => setExcluding(null)}
        />
      </OnceOpened>
    </>
  );
  return { act, dialogs };
}
