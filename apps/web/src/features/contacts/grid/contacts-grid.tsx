import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ContactDocument, ContactSortableField, Execution } from '@outpilot/contracts';
import type { OrderByItem } from '@outpilot/domain';
import {
  ClientSideRowModelModule,
  type ColDef,
  ColumnApiModule,
  type ColumnState,
  type GridApi,
  type GridReadyEvent,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  type SelectionChangedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { useClientConfig } from '../../../config/config-context.tsx';
import type { ContactRowAction } from '../row-actions/contact-row-actions.tsx';
import { ContactRowMenu } from '../row-actions/contact-row-menu.tsx';
import { rowMenuOpensUpward } from '../row-actions/row-menu-placement.ts';
import { type ContactsSelection, isRowSelected } from '../selection/contacts-selection.ts';
import { ContactCell } from './contact-cell.tsx';
import { formatGridDate } from './format-grid-date.ts';
import { DeleteIcon } from './grid-icons.tsx';
import { readGridColumns, writeGridColumns } from './grid-settings.ts';

// Only what this grid uses (stack.md: AllCommunityModule costs about 93 kB gzip more).
// Sorting, pinning, moving and resizing columns are part of the core.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowSelectionModule,
  RowApiModule,
  ColumnApiModule,
  ScrollApiModule,
]);

/**
 * Which contacts grid is shown (seed 002 §2.2): All Contacts and import lists, or a campaign's
 * contacts, which add the Status column (step indicators), show 'Added' for 'Imported' and act
 * on the campaign's execution in their row menus. Each view keeps its own column settings.
 */
export type ContactsGridView = {
  /** The key its column widths and hidden flags are remembered under. */
  gridId: string;
  /** The campaign view: the contact's execution of the campaign (null: not started with it). */
  campaign?: {
    executionOf: (contact: ContactDocument) => Execution | null;
    status: (contact: ContactDocument) => ReactNode;
  };
};

export const allContactsView: ContactsGridView = { gridId: 'contacts' };

/** The columns a user may show or hide, by colId (the server's field name where sortable). */
const allContactsTitles = {
  full_name: 'Contact',
  occupation: 'Headline',
  location: 'Location',
  contacted: 'Last Action',
  imported: 'Imported',
  custom_field_1: 'Custom 1',
  custom_field_2: 'Custom 2',
  custom_field_3: 'Custom 3',
} as const satisfies Partial<Record<ContactSortableField, string>>;
export type ContactColumnId = keyof typeof allContactsTitles | 'status';

/** The view's column titles in the grid's order (the campaign grid of §2.2: status, added). */
export function contactColumnTitles(view: ContactsGridView): Partial<Record<ContactColumnId, string>> {
  if (!view.campaign) return allContactsTitles;
  const { full_name, occupation, location, contacted, custom_field_1, custom_field_2, custom_field_3 } =
    allContactsTitles;
  return {
    full_name,
    status: 'Status',
    occupation,
    location,
    contacted,
    imported: 'Added',
    custom_field_1,
    custom_field_2,
    custom_field_3,
  };
}

type ContactsGridProps = {
  view?: ContactsGridView;
  rows: readonly ContactDocument[];
  orderBy: OrderByItem<ContactSortableField>;
  onOrderByChange: (orderBy: OrderByItem<ContactSortableField> | null) => void;
  selection: ContactsSelection;
  /** The ids ticked on this page after a user's click. */
  onPageSelectionChange: (tickedIds: string[]) => void;
  /** The row's Delete button (All Contacts); a campaign's rows leave it by Exclude. */
  onDeleteContact?: ((contact: ContactDocument) => void) | undefined;
  /** Show details, Complete and Exclude of a row's menu. */
  onRowAction: (action: ContactRowAction) => void;
  /** Shown inside the grid's empty body when the answer has no rows (null while loading). */
  emptyText?: string | null;
  /** Receives the grid api once ready, for the column chooser. */
  onApiReady?: (api: GridApi<ContactDocument>) => void;
};

const userSelectionSources = new Set<SelectionChangedEvent['source']>([
  'checkboxSelected',
  'rowClicked',
  'spaceKey',
  'keyboardSelectAll',
  'uiSelectAll',
  'uiSelectAllFiltered',
  'uiSelectAllCurrentPage',
]);

// Rows come sorted by the server; the grid only shows the sort arrow (a stable no-op comparator).
const keepServerOrder = () => 0;

function dateColumn(
  field: 'contacted' | 'imported',
  headerName: string,
  dateOf: (contact: ContactDocument) => string | null = (contact) => contact[field],
): ColDef<ContactDocument> {
  return {
    colId: field,
    headerName,
    initialWidth: 130,
    valueGetter: ({ data }) => formatGridDate(data ? dateOf(data) : null),
    sortable: true,
    comparator: keepServerOrder,
  };
}

function textColumn(
  field: 'occupation' | 'location' | 'custom_field_1' | 'custom_field_2' | 'custom_field_3',
  headerName: string,
  hide = false,
): ColDef<ContactDocument> {
  return {
    colId: field,
    headerName,
    field,
    initialHide: hide,
    initialFlex: field === 'occupation' ? 1 : undefined,
    minWidth: 140,
    sortable: true,
    comparator: keepServerOrder,
  };
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function EmptyGridOverlay({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" role="status">
      {text}
    </Typography>
  );
}

/** The All Contacts grid (§2.2): one page of the server's rows; paging and sorting are the server's. */
export function ContactsGrid({
  view = allContactsView,
  rows,
  orderBy,
  onOrderByChange,
  selection,
  onPageSelectionChange,
  onDeleteContact,
  onRowAction,
  emptyText = null,
  onApiReady,
}: ContactsGridProps) {
  const config = useClientConfig();
  const { gridId, campaign } = view;
  const apiRef = useRef<GridApi<ContactDocument> | null>(null);

  const columnDefs = useMemo<ColDef<ContactDocument>[]>(
    () => [
      {
        colId: 'full_name',
        headerName: 'Contact',
        initialWidth: 280,
        sortable: true,
        comparator: keepServerOrder,
        cellRenderer: ({ data }: CustomCellRendererProps<ContactDocument>) =>
          data ? <ContactCell contact={data} config={config} /> : null,
      },
      // The campaign view's Status comes right after the contact: it is what that page is for,
      // and past the Headline it would start off screen at 1024 px.
      ...(campaign
        ? [
            {
              colId: 'status',
              headerName: 'Status',
              initialWidth: 190,
              cellRenderer: ({ data }: CustomCellRendererProps<ContactDocument>) =>
                data ? campaign.status(data) : null,
            } satisfies ColDef<ContactDocument>,
          ]
        : []),
      textColumn('occupation', 'Headline'),
      textColumn('location', 'Location'),
      dateColumn('contacted', 'Last Action'),
      campaign
        ? dateColumn(
            'imported',
            'Added',
            (contact) => campaign.executionOf(contact)?.created ?? contact.imported,
          )
        : dateColumn('imported', 'Imported'),
      textColumn('custom_field_1', 'Custom 1', true),
      textColumn('custom_field_2', 'Custom 2', true),
      textColumn('custom_field_3', 'Custom 3', true),
      {
        colId: 'actions',
        headerName: 'Actions',
        // Named for assistive technology (an empty header is an axe violation), not shown.
        headerComponent: () => (
          <Box component="span" sx={visuallyHidden}>
            Actions
          </Box>
        ),
        pinned: 'right',
        width: onDeleteContact ? 100 : 60,
        resizable: false,
        sortable: false,
        suppressMovable: true,
        // The row menu holds the §2.2 row actions and the contact's campaigns; Delete beside it.
        cellRenderer: ({ data, node, api }: CustomCellRendererProps<ContactDocument>) =>
          data ? (
            <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
              <ContactRowMenu
                contact={data}
                config={config}
                opensUpward={() => rowMenuOpensUpward(api.getDisplayedRowCount(), node.rowIndex ?? -1)}
                onAction={onRowAction}
                {...(campaign ? { campaignExecution: campaign.executionOf(data) } : {})}
              />
              {onDeleteContact && (
                <Tooltip title="Delete">
                  <IconButton
                    size="small"
                    aria-label={`Delete ${data.full_name}`}
                    onClick={() => onDeleteContact(data)}
                  >
                    <DeleteIcon fontSize="inherit" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ) : null,
      },
    ],
    [config, campaign, onDeleteContact, onRowAction],
  );

  const syncSelection = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const select: Parameters<GridApi['setNodesSelected']>[0]['nodes'] = [];
    const deselect: typeof select = [];
    api.forEachNode((node) => {
      if (!node.data) return;
      const wanted = isRowSelected(selection, node.data.id);
      if (wanted && !node.isSelected()) select.push(node);
      if (!wanted && node.isSelected()) deselect.push(node);
    });
    if (select.length > 0) api.setNodesSelected({ nodes: select, newValue: true, source: 'api' });
    if (deselect.length > 0) api.setNodesSelected({ nodes: deselect, newValue: false, source: 'api' });
  }, [selection]);

  useEffect(() => {
    syncSelection();
  }, [syncSelection]);

  // The sort arrow follows the query's order.
  useEffect(() => {
    apiRef.current?.applyColumnState({
      state: [{ colId: orderBy.field, sort: orderBy.direction }],
      defaultState: { sort: null },
    });
  }, [orderBy]);

  const saveColumns = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    writeGridColumns(gridId, columnSettingsOf(api));
  }, [gridId]);

  const onGridReady = useCallback(
    ({ api }: GridReadyEvent<ContactDocument>) => {
      apiRef.current = api;
      const saved = readGridColumns(gridId);
      if (saved) api.applyColumnState({ state: saved, applyOrder: true });
      api.applyColumnState({
        state: [{ colId: orderBy.field, sort: orderBy.direction }],
        defaultState: { sort: null },
      });
      syncSelection();
      onApiReady?.(api);
    },
    [gridId, orderBy, syncSelection, onApiReady],
  );

  const onSortChanged = useCallback(
    (event: SortChangedEvent<ContactDocument>) => {
      if (event.source === 'api') return;
      const sorted = event.api.getColumnState().find((state) => state.sort);
      if (!sorted?.sort) {
        onOrderByChange(null);
        return;
      }
      onOrderByChange({ field: sorted.colId as ContactSortableField, direction: sorted.sort });
    },
    [onOrderByChange],
  );

  const onSelectionChanged = useCallback(
    (event: SelectionChangedEvent<ContactDocument>) => {
      if (!userSelectionSources.has(event.source)) return;
      onPageSelectionChange(event.api.getSelectedRows().map((row) => row.id));
    },
    [onPageSelectionChange],
  );

  return (
    <Box data-testid="contacts-grid" sx={{ width: '100%' }}>
      <AgGridReact<ContactDocument>
        rowData={rows as ContactDocument[]}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true, sortable: false }}
        getRowId={({ data }) => data.id}
        rowSelection={{
          mode: 'multiRow',
          checkboxes: true,
          headerCheckbox: true,
          enableClickSelection: false,
        }}
        selectionColumnDef={{ pinned: 'left', width: 50 }}
        domLayout="autoHeight"
        rowHeight={56}
        suppressCellFocus
        // The grid's own no-rows overlay would also show while the first page loads.
        suppressNoRowsOverlay
        activeOverlay={emptyText === null ? undefined : EmptyGridOverlay}
        activeOverlayParams={{ text: emptyText }}
        loading={false}
        onGridReady={onGridReady}
        onRowDataUpdated={syncSelection}
        onSortChanged={onSortChanged}
        onSelectionChanged={onSelectionChanged}
        onColumnResized={(event) => {
          if (event.finished && event.source !== 'api' && event.source !== 'flex') saveColumns();
        }}
        onColumnMoved={(event) => {
          if (event.finished && event.source !== 'api') saveColumns();
        }}
        onColumnVisible={(event) => {
          if (event.source !== 'api' && event.source !== 'gridOptionsChanged') saveColumns();
        }}
      />
    </Box>
  );
}

const columnSettingsOf = (api: GridApi<ContactDocument>) =>
  api.getColumnState().map((state: ColumnState) => ({
    colId: state.colId,
    width: state.width,
    hide: state.hide ?? false,
  }));

/**
 * Shows or hides a column and remembers it (the column chooser goes through the api). A column
 * shown is scrolled into view: past the grid's width it would appear off screen, as if nothing
 * had happened.
 */
export function setContactColumnVisible(
  api: GridApi<ContactDocument>,
  gridId: string,
  colId: ContactColumnId,
  visible: boolean,
) {
  api.setColumnsVisible([colId], visible);
  if (visible) api.ensureColumnVisible(colId, 'auto');
  writeGridColumns(gridId, columnSettingsOf(api));
}
