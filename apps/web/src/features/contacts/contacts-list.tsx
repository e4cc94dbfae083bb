import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ContactDocument, type ContactsDeletePreviewAnswer, contactsTexts } from '@outpilot/contracts';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { OnceOpened } from '../../components/once-opened.tsx';
import { CampaignAudienceActions } from '../campaigns/campaign-audience-actions.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { ContactsIntro } from './contacts-intro.tsx';
import { ContactsListFrame } from './contacts-list-frame.tsx';
import { buildIdsFilter, type ContactFilters, hasContactFilters } from './filters/contact-filters.ts';
import { KeywordSearch } from './filters/keyword-search.tsx';
import { ColumnChooser } from './grid/column-chooser.tsx';
import { ContactsGrid } from './grid/contacts-grid.tsx';
import { FilterIcon } from './grid/grid-icons.tsx';
import { useContactRowActions } from './row-actions/contact-row-actions.tsx';
import {
  applyPageSelection,
  type ContactsSelectionRequest,
  isOverPickLimit,
  noSelection,
  selectedCount,
  selectionRequest,
} from './selection/contacts-selection.ts';
import { DeleteContactsDialog } from './selection/delete-contacts-dialog.tsx';
import { useDeleteContacts } from './selection/use-delete-contacts.ts';
import { useDeletePreview } from './selection/use-delete-preview.ts';
import { useExportContacts } from './selection/use-export-contacts.ts';
import { useContactsListState } from './use-contacts-list-state.ts';
import { useContactsPage } from './use-contacts-page.ts';

// Loaded when first opened: the list's first screen does not wait for the wizard or the filters.
const ImportWizardDialog = lazy(async () => ({
  default: (await import('../imports/import-wizard-dialog.tsx')).ImportWizardDialog,
}));
const FilterPanel = lazy(async () => ({ default: (await import('./filters/filter-panel.tsx')).FilterPanel }));

type ContactsListProps = {
  /** The import list shown, or none for All Contacts. */
  importId?: string | undefined;
  /** Shown when the list has no contacts and nothing filters it (All Contacts only). */
  showIntro?: boolean;
};

/**
 * A contacts grid with its toolbar, filter panel, tags, selection bar and pager, reading pages
 * from GET contacts/page (seed 002 §2.2, §2.3).
 */
export function ContactsList({ importId, showIntro = false }: ContactsListProps) {
  const { notify, notifyError } = useNotify();
  const list = useContactsListState({ importId });
  const { keywords, order, selection, setSelection, listSelection } = list;
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [isWizardOpen, setWizardOpen] = useState(false);
  const openWizard = () => setWizardOpen(true);
  const [preview, setPreview] = useState<{
    answer: ContactsDeletePreviewAnswer;
    request: ContactsSelectionRequest;
  } | null>(null);

  const contacts = useContactsPage(list.query);
  const rows = contacts.data?.documents ?? [];
  const total = contacts.data?.total ?? 0;
  const totalIsEstimate = contacts.data?.total_is_estimate ?? false;
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);

  const exportContacts = useExportContacts();
  const deletePreview = useDeletePreview();
  const deleteContacts = useDeleteContacts();
  const rowActions = useContactRowActions();

  const applyFilters = (filters: ContactFilters) => {
    list.applyFilters(filters);
    setFilterOpen(false);
  };

  const onPageSelectionChange = useCallback(
    (ticked: string[]) => setSelection((current) => applyPageSelection(current, pageIds, ticked)),
    [pageIds, setSelection],
  );

  const count = selectedCount(selection, total);
  const isOverLimit = isOverPickLimit(selection);

  const previewDelete = deletePreview.mutate;
  const askDelete = useCallback(
    (request: ContactsSelectionRequest) =>
      previewDelete(request, {
        onSuccess: (answer) => setPreview({ answer, request }),
        onError: notifyError,
      }),
    [previewDelete, notifyError],
  );
  const onDeleteContact = useCallback(
    (contact: ContactDocument) => askDelete({ filter: buildIdsFilter([contact.id]) }),
    [askDelete],
  );

  const confirmDelete = () => {
    if (!preview) return;
    deleteContacts.mutate(preview.request, {
      onSuccess: () => {
        setPreview(null);
        setSelection(noSelection);
        notify({ message: contactsTexts.deleted, variant: 'default' });
      },
      onError: (error) => {
        setPreview(null);
        notifyError(error);
      },
    });
  };

  const runExport = () => {
    const request = count > 0 ? selectionRequest(selection, listSelection) : listSelection;
    exportContacts.mutate(
      { filter: request.filter, keywords: request.searchQuery },
      { onError: notifyError },
    );
  };

  const isUnfiltered = !hasContactFilters(list.filters) && keywords === '';
  const isIntro =
    showIntro && contacts.isSuccess && !contacts.isPlaceholderData && total === 0 && isUnfiltered;
  // One wizard for both views: an import that fills an empty list must not remount it. Once opened
  // it stays mounted and keeps its import going.
  const wizard = (
    <OnceOpened open={isWizardOpen}>
      <Suspense fallback={null}>
        <ImportWizardDialog open={isWizardOpen} onClose={() => setWizardOpen(false)} />
      </Suspense>
    </OnceOpened>
  );
  if (isIntro) {
    return (
      <>
        <ContactsIntro onAddContacts={openWizard} />
        {wizard}
      </>
    );
  }

  const filterCount = hasContactFilters(list.filters) ? 1 : 0;
  return (
    <>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <KeywordSearch value={keywords} onSearch={list.search} />
          <Badge color="primary" variant="dot" invisible={filterCount === 0}>
            <Button variant="outlined" startIcon={<FilterIcon />} onClick={() => setFilterOpen(true)}>
              Filters
            </Button>
          </Badge>
          <ColumnChooser />
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" onClick={openWizard}>
            Add contacts
          </Button>
        </Stack>
        <ContactsListFrame
          list={list}
          total={total}
          totalIsEstimate={totalIsEstimate}
          isLoading={contacts.isFetching}
          loadFailed={contacts.isError}
          onFiltersChange={applyFilters}
          actions={
            <>
              <Button
                onClick={runExport}
                loading={exportContacts.isPending}
                disabled={total === 0 || isOverLimit}
              >
                Export to CSV
              </Button>
              <CampaignAudienceActions
                disabled={count === 0 || isOverLimit}
                selection={() => selectionRequest(selection, listSelection)}
                onAdded={() => setSelection(noSelection)}
              />
              <Button
                color="error"
                disabled={count === 0 || isOverLimit}
                loading={deletePreview.isPending}
                onClick={() => askDelete(selectionRequest(selection, listSelection))}
              >
                Delete
              </Button>
            </>
          }
        >
          <ContactsGrid
            rows={contacts.isError ? [] : rows}
            orderBy={order}
            onOrderByChange={list.changeOrder}
            selection={selection}
            onPageSelectionChange={onPageSelectionChange}
            onDeleteContact={onDeleteContact}
            onRowAction={rowActions.act}
            emptyText={contacts.isSuccess && rows.length === 0 ? 'No contacts found' : null}
          />
        </ContactsListFrame>
        <OnceOpened open={isFilterOpen}>
          <Suspense fallback={null}>
            <FilterPanel
              open={isFilterOpen}
              applied={list.filters}
              onClose={() => setFilterOpen(false)}
              onApply={applyFilters}
            />
          </Suspense>
        </OnceOpened>
        <OnceOpened open={preview !== null}>
          <DeleteContactsDialog
            preview={preview?.answer ?? null}
            isDeleting={deleteContacts.isPending}
            onConfirm={confirmDelete}
            onClose={() => setPreview(null)}
          />
        </OnceOpened>
        {rowActions.dialogs}
      </Stack>
      {wizard}
    </>
  );
}
