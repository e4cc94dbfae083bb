import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AudiencePreview,
  type Campaign,
  contactDefaultOrderBy,
  contactsTexts,
} from '@outpilot/contracts';
import { useCallback, useId, useMemo, useState } from 'react';
import { AudiencePreviewDialog } from '../campaigns/audience-preview-dialog.tsx';
import { useAddToCampaign } from '../campaigns/use-add-to-campaign.ts';
import { useAudiencePreview } from '../campaigns/use-audience-preview.ts';
import { KeywordSearch } from '../contacts/filters/keyword-search.tsx';
import { ContactsGrid, type ContactsGridView } from '../contacts/grid/contacts-grid.tsx';
import { ContactsPager } from '../contacts/grid/contacts-pager.tsx';
import { formatContactsTotal } from '../contacts/grid/format-total.ts';
import { useContactRowActions } from '../contacts/row-actions/contact-row-actions.tsx';
import {
  applyPageSelection,
  type ContactsSelectionRequest,
  isOverPickLimit,
  noSelection,
  selectedCount,
  selectionRequest,
} from '../contacts/selection/contacts-selection.ts';
import { SelectionBar } from '../contacts/selection/selection-bar.tsx';
import { useContactsListState } from '../contacts/use-contacts-list-state.ts';
import { useContactsPage } from '../contacts/use-contacts-page.ts';
import { useNotify } from '../notices/use-notify.tsx';

const addContactsView: ContactsGridView = { gridId: 'campaign-add-contacts' };

export const addContactsTexts = { title: 'Add more contacts', add: 'Add to campaign' } as const;

type AddContactsDialogProps = {
  campaign: Pick<Campaign, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
};

/**
 * 'Add more contacts' of a campaign's contacts page (seed 001 §2, §5): the contacts not yet in the
 * campaign (the filter always leaves them out), newest imports first, with 'Add to campaign'
 * through the target audience preview.
 */
export function AddContactsDialog({ campaign, open, onClose }: AddContactsDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>{addContactsTexts.title}</DialogTitle>
      {/* Mounted while open only: each opening starts from the first page with nothing picked. */}
      {open && <AddContactsBody campaign={campaign} onClose={onClose} />}
    </Dialog>
  );
}

function AddContactsBody({ campaign, onClose }: Omit<AddContactsDialogProps, 'open'>) {
  const { notify, notifyError } = useNotify();
  const list = useContactsListState({
    notInCampaignId: campaign.id,
    defaultOrderBy: contactDefaultOrderBy.addToCampaign,
  });
  const { selection, setSelection } = list;
  const contacts = useContactsPage(list.query);
  const rows = contacts.data?.documents ?? [];
  const total = contacts.data?.total ?? 0;
  const totalIsEstimate = contacts.data?.total_is_estimate ?? false;
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const rowActions = useContactRowActions();
  const audiencePreview = useAudiencePreview();
  const addToCampaign = useAddToCampaign();
  const [preview, setPreview] = useState<{
    answer: AudiencePreview;
    request: ContactsSelectionRequest;
  } | null>(null);

  const onPageSelectionChange = useCallback(
    (ticked: string[]) => setSelection((current) => applyPageSelection(current, pageIds, ticked)),
    [pageIds, setSelection],
  );
  const count = selectedCount(selection, total);

  const askPreview = () => {
    const request = selectionRequest(selection, list.listSelection);
    audiencePreview.mutate(
      { campaignId: campaign.id, selection: request },
      { onSuccess: (answer) => setPreview({ answer, request }), onError: notifyError },
    );
  };
  const confirm = () => {
    if (!preview) return;
    addToCampaign.mutate(
      { campaignId: campaign.id, selection: preview.request },
      {
        onSuccess: () => {
          notify({ message: contactsTexts.added, variant: 'default' });
          setPreview(null);
          onClose();
        },
        onError: (error) => {
          notifyError(error);
          setPreview(null);
        },
      },
    );
  };

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <KeywordSearch value={list.keywords} onSearch={list.search} />
            <Typography variant="body2" color="text.secondary">
              {formatContactsTotal(total, totalIsEstimate)}
            </Typography>
          </Stack>
          <SelectionBar
            selection={selection}
            total={total}
            totalIsEstimate={totalIsEstimate}
            onSelectAll={() => setSelection({ kind: 'all' })}
            onClear={() => setSelection(noSelection)}
          />
          <ContactsGrid
            view={addContactsView}
            rows={rows}
            orderBy={list.order}
            onOrderByChange={list.changeOrder}
            selection={selection}
            onPageSelectionChange={onPageSelectionChange}
            onRowAction={rowActions.act}
            emptyText={contacts.isSuccess && rows.length === 0 ? 'No contacts found' : null}
          />
          <ContactsPager
            page={list.page}
            pageSize={list.pageSize}
            total={total}
            onPageChange={list.setPage}
            onPageSizeChange={list.changePageSize}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={count === 0 || isOverPickLimit(selection)}
          loading={audiencePreview.isPending}
          onClick={askPreview}
        >
          {addContactsTexts.add}
        </Button>
      </DialogActions>
      <AudiencePreviewDialog
        preview={preview?.answer ?? null}
        campaignName={campaign.name}
        isAdding={addToCampaign.isPending}
        onConfirm={confirm}
        onClose={() => setPreview(null)}
      />
      {rowActions.dialogs}
    </>
  );
}
