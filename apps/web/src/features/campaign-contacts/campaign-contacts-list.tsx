import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Campaign, ContactDocument } from '@outpilot/contracts';
import { useCallback, useMemo, useState } from 'react';
import { ExportInteractionLogButton } from '../activities-queue/export-interaction-log-button.tsx';
import { runningRefreshMs } from '../campaigns/campaign-detail-page.tsx';
import { ContactsListFrame } from '../contacts/contacts-list-frame.tsx';
import { type ContactFilters, hasContactFilters } from '../contacts/filters/contact-filters.ts';
import { FilterPanel } from '../contacts/filters/filter-panel.tsx';
import { KeywordSearch } from '../contacts/filters/keyword-search.tsx';
import { ColumnChooser } from '../contacts/grid/column-chooser.tsx';
import { ContactsGrid, type ContactsGridView } from '../contacts/grid/contacts-grid.tsx';
import { FilterIcon } from '../contacts/grid/grid-icons.tsx';
import { type ContactRowAction, useContactRowActions } from '../contacts/row-actions/contact-row-actions.tsx';
import { rowMenuTexts } from '../contacts/row-actions/contact-row-menu.tsx';
import {
  applyPageSelection,
  isOverPickLimit,
  noSelection,
  selectedCount,
  selectionRequest,
} from '../contacts/selection/contacts-selection.ts';
import { useExportContacts } from '../contacts/selection/use-export-contacts.ts';
import { useContactsListState } from '../contacts/use-contacts-list-state.ts';
import { useContactsPage } from '../contacts/use-contacts-page.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { StepIndicators } from './step-indicators.tsx';
import { type ExcludeSelection, useExcludeFromCampaign } from './use-exclude-from-campaign.tsx';

export const campaignContactsTexts = {
  exportContacts: 'Export Contacts',
  exclude: 'Exclude',
  /** A started campaign's executions cannot be picked by the panel's contact filters. */
  excludeAllFiltered: 'Pick the contacts to exclude, or clear the filters to exclude them all',
} as const;

/** §9: executions 'created asc' for a draft's list; a started campaign shows its newest imports first. */
const defaultOrderOf = (campaign: Campaign) =>
  campaign.state === 'Compose' ? 'created asc' : 'imported desc';

/**
 * The campaign's contacts (seed 001 §2, seed 002 §2.2): the contacts grid scoped to the campaign,
 * with the Status column from the shown contacts' executions, Exclude, the exports and the
 * selection bar. A draft lists the contacts attached to it; a started campaign's contacts come
 * with their executions in the same call (`with_execution_of`), asked again while it runs.
 */
export function CampaignContactsList({
  campaign,
  onAddContacts,
}: {
  campaign: Campaign;
  onAddContacts: () => void;
}) {
  const { notifyError } = useNotify();
  const list = useContactsListState({ campaignId: campaign.id, defaultOrderBy: defaultOrderOf(campaign) });
  const { keywords, order, selection, setSelection, listSelection } = list;
  const [isFilterOpen, setFilterOpen] = useState(false);

  // A started campaign's contacts come with their executions, asked again while it runs.
  const contacts = useContactsPage(
    campaign.state === 'Compose' ? list.query : { ...list.query, with_execution_of: campaign.id },
    { refetchMs: campaign.state === 'Running' ? runningRefreshMs : false },
  );
  const rows = contacts.data?.documents ?? [];
  const total = contacts.data?.total ?? 0;
  const totalIsEstimate = contacts.data?.total_is_estimate ?? false;
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const executionMap = useMemo(() => new Map(rows.map((row) => [row.id, row.execution ?? null])), [rows]);

  const view = useMemo<ContactsGridView>(() => {
    const executionOf = (contact: ContactDocument) => executionMap.get(contact.id) ?? null;
    return {
      gridId: 'campaign-contacts',
      campaign: {
        executionOf,
        archived: campaign.archived,
        status: (contact) => <StepIndicators execution={executionOf(contact)} />,
      },
    };
  }, [executionMap, campaign.archived]);

  const rowActions = useContactRowActions();
  const exclude = useExcludeFromCampaign(() => setSelection(noSelection));
  const exportContacts = useExportContacts();

  const askExclude = exclude.ask;
  const actOnRow = rowActions.act;
  const onRowAction = useCallback(
    (action: ContactRowAction) => {
      if (action.kind === 'exclude') {
        askExclude(campaign, { kind: 'ids', contactIds: [action.contact.id] }, 1);
        return;
      }
      actOnRow(action);
    },
    [askExclude, actOnRow, campaign],
  );

  const onPageSelectionChange = useCallback(
    (ticked: string[]) => setSelection((current) => applyPageSelection(current, pageIds, ticked)),
    [pageIds, setSelection],
  );

  const applyFilters = (filters: ContactFilters) => {
    list.applyFilters(filters);
    setFilterOpen(false);
  };

  const count = selectedCount(selection, total);
  const isOverLimit = isOverPickLimit(selection);
  const isFiltered = hasContactFilters(list.filters);
  const cannotExcludeAll = selection.kind === 'all' && isFiltered && campaign.state !== 'Compose';
  const excludeSelection = (): ExcludeSelection =>
    selection.kind === 'all'
      ? { kind: 'all', filter: listSelection.filter, searchQuery: listSelection.searchQuery }
      : { kind: 'ids', contactIds: [...selection.ids] };

  const runExport = () => {
    const request = count > 0 ? selectionRequest(selection, listSelection) : listSelection;
    exportContacts.mutate(
      { filter: request.filter, keywords: request.searchQuery },
      { onError: notifyError },
    );
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        role="toolbar"
        aria-label="Contacts list"
      >
        <KeywordSearch value={keywords} onSearch={list.search} />
        <Badge color="primary" variant="dot" invisible={!isFiltered}>
          <Button variant="outlined" startIcon={<FilterIcon />} onClick={() => setFilterOpen(true)}>
            Filters
          </Button>
        </Badge>
        <ColumnChooser view={view} />
        <Box sx={{ flexGrow: 1 }} />
        {!campaign.archived && campaign.state !== 'Completed' && (
          <Button variant="contained" onClick={onAddContacts}>
            Add more contacts
          </Button>
        )}
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
            <ExportInteractionLogButton />
            <Button
              onClick={runExport}
              loading={exportContacts.isPending}
              disabled={total === 0 || isOverLimit}
            >
              {campaignContactsTexts.exportContacts}
            </Button>
            <Tooltip
              title={
                campaign.archived
                  ? rowMenuTexts.excludeArchived
                  : cannotExcludeAll
                    ? campaignContactsTexts.excludeAllFiltered
                    : ''
              }
            >
              <span>
                <Button
                  color="error"
                  disabled={count === 0 || isOverLimit || cannotExcludeAll || campaign.archived}
                  loading={exclude.isAsking}
                  onClick={() => exclude.ask(campaign, excludeSelection(), count)}
                >
                  {campaignContactsTexts.exclude}
                </Button>
              </span>
            </Tooltip>
          </>
        }
      >
        <ContactsGrid
          view={view}
          rows={contacts.isError ? [] : rows}
          orderBy={order}
          onOrderByChange={list.changeOrder}
          selection={selection}
          onPageSelectionChange={onPageSelectionChange}
          onRowAction={onRowAction}
          emptyText={contacts.isSuccess && rows.length === 0 ? 'No contacts found' : null}
        />
      </ContactsListFrame>
      <FilterPanel
        open={isFilterOpen}
        withExecutionFilters={campaign.state !== 'Compose'}
        applied={list.filters}
        onClose={() => setFilterOpen(false)}
        onApply={applyFilters}
      />
      {exclude.dialogs}
      {rowActions.dialogs}
    </Stack>
  );
}
