import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ContactDocument, ContactSortableField, Execution } from '@outpilot/contracts';
import type { OrderByItem } from '@outpilot/domain';
import {
  type FocusEvent,
  memo,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { ActionsHeaderCell } from '../../../components/actions-header-cell.tsx';
import { pinnedEndCell, pinnedHeaderCell, pinnedStartCell } from '../../../components/pinned-columns.ts';
import { rowTooltip, useRowTooltip } from '../../../components/row-tooltip.tsx';
import { useClientConfig } from '../../../config/config-context.tsx';
import type { ContactRowAction } from '../row-actions/contact-row-actions.tsx';
import { ContactRowMenu } from '../row-actions/contact-row-menu.tsx';
import { rowMenuOpensUpward } from '../row-actions/row-menu-placement.ts';
import { type ContactsSelection, isRowSelected } from '../selection/contacts-selection.ts';
import { ColumnResizeHandle } from './column-resize-handle.tsx';
import { ContactCell } from './contact-cell.tsx';
import { formatGridDate } from './format-grid-date.ts';
import { DeleteIcon } from './grid-icons.tsx';
import { type GridColumn, useGridColumns } from './use-grid-columns.ts';

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
    /** Its rows' Exclude is off, as its toolbar's is. */
    archived: boolean;
    status: (contact: ContactDocument) => ReactNode;
  };
};

export const allContactsView: ContactsGridView = { gridId: 'contacts' };

/** The columns a user may show or hide, by id (the server's field name where sortable). */
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

/** Custom 1-3 start hidden (§2.2). */
export const isHiddenByDefault = (columnId: string) => columnId.startsWith('custom_field_');

/** A text shown on one line, cut with an ellipsis; the whole text stays in the cell for readers. */
function OneLine({ text }: { text: string | null }) {
  return (
    <Typography variant="body2" noWrap title={text ?? undefined}>
      {text ?? ''}
    </Typography>
  );
}

/** The view's columns, in order, with their default widths. */
function columnsOf(view: ContactsGridView, config: ReturnType<typeof useClientConfig>): GridColumn[] {
  const titles = contactColumnTitles(view);
  const { campaign } = view;
  const text = (
    id: 'occupation' | 'location' | 'custom_field_1' | 'custom_field_2' | 'custom_field_3',
  ): GridColumn => ({
    id,
    title: titles[id] ?? id,
    width: id === 'occupation' ? null : 160,
    sortable: true,
    hiddenByDefault: isHiddenByDefault(id),
    cell: (contact) => <OneLine text={contact[id]} />,
  });
  const date = (
    id: 'contacted' | 'imported',
    dateOf: (contact: ContactDocument) => string | null = (contact) => contact[id],
  ): GridColumn => ({
    id,
    title: titles[id] ?? id,
    width: 130,
    sortable: true,
    cell: (contact) => <OneLine text={formatGridDate(dateOf(contact))} />,
  });
  return [
    {
      id: 'full_name',
      title: titles.full_name ?? 'Contact',
      width: 280,
      sortable: true,
      cell: (contact) => <ContactCell contact={contact} config={config} />,
    },
    // The campaign view's Status comes right after the contact: it is what that page is for.
    ...(campaign
      ? [
          {
            id: 'status',
            title: 'Status',
            width: 190,
            sortable: false,
            cell: (contact: ContactDocument) => campaign.status(contact),
          } satisfies GridColumn,
        ]
      : []),
    text('occupation'),
    text('location'),
    date('contacted'),
    campaign
      ? date('imported', (contact) => campaign.executionOf(contact)?.created ?? contact.imported)
      : date('imported'),
    text('custom_field_1'),
    text('custom_field_2'),
    text('custom_field_3'),
  ];
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
};

const noRows: readonly ContactDocument[] = [];
const selectWidth = 52;
const headerHeight = 48;
const rowHeight = 56;
/** The flexible column (Headline) never gets narrower than this. */
const flexMinWidth = 160;

/**
 * The contacts grid (§2.2): one page of the server's rows; paging and sorting are the server's.
 * A plain table: every checkbox, sort button, resize handle and row action is reached by Tab
 * in reading order, and the page scrolls it sideways inside its own box on narrow screens.
 */
export function ContactsGrid({
  view = allContactsView,
  rows: givenRows,
  orderBy,
  onOrderByChange,
  selection,
  onPageSelectionChange,
  onDeleteContact,
  onRowAction,
  emptyText = null,
}: ContactsGridProps) {
  const config = useClientConfig();
  const rowTooltips = useRowTooltip();
  // The rows render as a non-urgent update that yields to the browser every few milliseconds: a
  // page of 25 rendered at once was the longest task of /contacts on a phone (bench B17). An empty
  // page is one value, or each render's fresh [] would ask for another deferred render.
  const wantedRows = givenRows.length === 0 ? noRows : givenRows;
  const rows = useDeferredValue(wantedRows);
  const isCatchingUp = rows !== wantedRows;
  const pendingRowCount = isCatchingUp ? Math.max(0, wantedRows.length - rows.length) : 0;
  const { campaign } = view;
  const viewColumns = useMemo(() => columnsOf(view, config), [view, config]);
  const grid = useGridColumns(view.gridId, viewColumns);
  const shown = useMemo(() => grid.columns.filter((column) => !column.hidden), [grid.columns]);
  const actionsWidth = onDeleteContact ? 100 : 60;
  const minTableWidth =
    selectWidth + actionsWidth + shown.reduce((sum, column) => sum + (column.width ?? flexMinWidth), 0);

  // A column just shown from the chooser may start past the box's right edge: bring it into view,
  // or it would look as if nothing had happened.
  const boxRef = useRef<HTMLDivElement>(null);
  const shownIds = shown.map((column) => column.id).join(' ');
  const shownBefore = useRef(shownIds);
  useEffect(() => {
    const before = new Set(shownBefore.current.split(' '));
    shownBefore.current = shownIds;
    const added = shownIds.split(' ').find((id) => !before.has(id));
    if (added)
      boxRef.current
        ?.querySelector(`th[data-col-id="${added}"]`)
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shownIds]);

  const tickedOnPage = rows.filter((row) => isRowSelected(selection, row.id)).map((row) => row.id);
  const isPageTicked = rows.length > 0 && tickedOnPage.length === rows.length;
  const toggleRow = (id: string, ticked: boolean) =>
    onPageSelectionChange(
      ticked ? [...tickedOnPage, id] : tickedOnPage.filter((tickedId) => tickedId !== id),
    );
  // One function for every render, reading the page's ticks of the moment: a row re-renders when
  // its own props change, not on each tick of another row or each render of the list.
  const latestToggleRow = useRef(toggleRow);
  useLayoutEffect(() => {
    latestToggleRow.current = toggleRow;
  });
  const onTick = useCallback((id: string, ticked: boolean) => latestToggleRow.current(id, ticked), []);

  // A click on a sortable header: ascending, then descending, then the default order.
  const sortBy = (field: ContactSortableField) => {
    if (orderBy.field !== field) onOrderByChange({ field, direction: 'asc' });
    else if (orderBy.direction === 'asc') onOrderByChange({ field, direction: 'desc' });
    else onOrderByChange(null);
  };

  // A row's checkbox reached from the keyboard shows the row from its start, its name beside the
  // checkbox: tabbing through the headers may have left the grid scrolled to its far side, and a
  // pinned cell taking focus does not scroll it back (at 390 px the name was out of view).
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    rowTooltips.handlers.onFocus(event);
    const { target } = event;
    if (target.closest('tbody td:first-child') && target.matches(':focus-visible')) {
      event.currentTarget.scrollLeft = 0;
    }
  };

  return (
    <Box
      ref={boxRef}
      {...rowTooltips.handlers}
      onFocus={onFocus}
      data-testid="contacts-grid"
      // Its own scroll box, at most a screen high: the sideways scrollbar stays in view.
      sx={{ width: '100%', overflow: 'auto', maxHeight: 'max(420px, calc(100vh - 160px))' }}
    >
      <Table
        stickyHeader
        aria-label={campaign ? 'Campaign contacts' : 'Contacts'}
        // Busy while the rows shown are not yet the ones asked for (a moment after each answer).
        aria-busy={isCatchingUp}
        sx={{
          tableLayout: 'fixed',
          minWidth: minTableWidth,
          '& td, & th': { py: 0, px: 1.5 },
          // The cells that scroll sideways (all but the pinned first and last) and what they hold:
          // what the browser scrolls into view (a focused link, a found cell) stops clear of the
          // pinned columns and the sticky header. On the scroll box itself, a scroll padding made
          // focusing a pinned control scroll the grid sideways.
          '& :is(td, th):not(:first-child):not(:last-child), & :is(td, th):not(:first-child):not(:last-child) *':
            {
              scrollMarginInline: `${selectWidth}px ${actionsWidth}px`,
              scrollMarginTop: `${headerHeight}px`,
            },
          '& th': { bgcolor: 'background.paper' },
        }}
      >
        <colgroup>
          <col style={{ width: selectWidth }} />
          {shown.map((column) => (
            <col key={column.id} style={column.width === null ? {} : { width: column.width }} />
          ))}
          <col style={{ width: actionsWidth }} />
        </colgroup>
        <TableHead>
          <TableRow sx={{ height: headerHeight }}>
            <TableCell padding="checkbox" sx={{ ...pinnedStartCell, ...pinnedHeaderCell }}>
              <Checkbox
                size="small"
                checked={isPageTicked}
                indeterminate={tickedOnPage.length > 0 && !isPageTicked}
                disabled={rows.length === 0}
                onChange={(event) =>
                  onPageSelectionChange(event.target.checked ? rows.map((row) => row.id) : [])
                }
                slotProps={{ input: { 'aria-label': 'Select all contacts of this page' } }}
              />
            </TableCell>
            {shown.map((column) => {
              const isSorted = column.sortable && orderBy.field === column.id;
              return (
                <TableCell
                  key={column.id}
                  data-col-id={column.id}
                  sortDirection={isSorted ? orderBy.direction : false}
                  sx={{ position: 'relative', fontWeight: 600, whiteSpace: 'nowrap' }}
                >
                  {column.sortable ? (
                    <TableSortLabel
                      active={isSorted}
                      direction={isSorted ? orderBy.direction : 'asc'}
                      onClick={() => sortBy(column.id as ContactSortableField)}
                    >
                      {column.title}
                    </TableSortLabel>
                  ) : (
                    column.title
                  )}
                  {column.width !== null && (
                    <ColumnResizeHandle
                      title={column.title}
                      width={column.width}
                      onResize={(width) => grid.resize(column.id, width)}
                    />
                  )}
                </TableCell>
              );
            })}
            <ActionsHeaderCell sx={{ ...pinnedEndCell, ...pinnedHeaderCell }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {/* While the deferred rows catch up, the rows to come hold their place: the pager below the
              grid moved down when they came, a layout shift on every first load (bench B17). */}
          {pendingRowCount > 0 && (
            <TableRow aria-hidden="true" sx={{ height: pendingRowCount * rowHeight }}>
              <TableCell colSpan={shown.length + 2} sx={{ borderBottom: 0 }} />
            </TableRow>
          )}
          {rows.length === 0 && emptyText !== null && (
            <TableRow>
              <TableCell colSpan={shown.length + 2} sx={{ height: 120, textAlign: 'center' }}>
                <Typography color="text.secondary" role="status">
                  {emptyText}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((contact, rowIndex) => (
            <ContactGridRow
              key={contact.id}
              contact={contact}
              rowIndex={rowIndex}
              rowCount={rows.length}
              isTicked={isRowSelected(selection, contact.id)}
              columns={shown}
              campaign={campaign}
              onTick={onTick}
              onDeleteContact={onDeleteContact}
              onRowAction={onRowAction}
            />
          ))}
        </TableBody>
      </Table>
      {rowTooltips.tooltip}
    </Box>
  );
}

type ContactGridRowProps = {
  contact: ContactDocument;
  rowIndex: number;
  rowCount: number;
  isTicked: boolean;
  columns: readonly GridColumn[];
  campaign: ContactsGridView['campaign'];
  onTick: (id: string, ticked: boolean) => void;
  onDeleteContact: ContactsGridProps['onDeleteContact'];
  onRowAction: ContactsGridProps['onRowAction'];
};

/**
 * One contact's row. Memoized: the list renders again when a page's answer, the total or the
 * selection changes, and 25 rows of MUI parts re-rendered each time (bench B17, a phone).
 */
const ContactGridRow = memo(function ContactGridRow({
  contact,
  rowIndex,
  rowCount,
  isTicked,
  columns,
  campaign,
  onTick,
  onDeleteContact,
  onRowAction,
}: ContactGridRowProps) {
  const config = useClientConfig();
  return (
    <TableRow hover selected={isTicked} data-row-index={rowIndex} sx={{ height: rowHeight }}>
      <TableCell padding="checkbox" sx={pinnedStartCell}>
        <Checkbox
          size="small"
          checked={isTicked}
          onChange={(event) => onTick(contact.id, event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${contact.full_name}` } }}
        />
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.id} data-col-id={column.id} sx={{ overflow: 'hidden' }}>
          {column.cell(contact)}
        </TableCell>
      ))}
      <TableCell sx={pinnedEndCell}>
        {/* The row menu holds the §2.2 row actions and the contact's campaigns; Delete beside it. */}
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <ContactRowMenu
            contact={contact}
            config={config}
            opensUpward={() => rowMenuOpensUpward(rowCount, rowIndex)}
            onAction={onRowAction}
            {...(campaign
              ? { campaignView: { execution: campaign.executionOf(contact), archived: campaign.archived } }
              : {})}
          />
          {onDeleteContact && (
            <IconButton
              {...rowTooltip('Delete')}
              size="small"
              aria-label={`Delete ${contact.full_name}`}
              onClick={() => onDeleteContact(contact)}
            >
              <DeleteIcon fontSize="inherit" />
            </IconButton>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
});
