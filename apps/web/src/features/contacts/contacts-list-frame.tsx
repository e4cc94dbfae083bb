import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type ContactFilters, emptyContactFilters } from './filters/contact-filters.ts';
import { FilterTags } from './filters/filter-tags.tsx';
import { ContactsPager } from './grid/contacts-pager.tsx';
import { formatContactsTotal } from './grid/format-total.ts';
import { noSelection } from './selection/contacts-selection.ts';
import { SelectionBar } from './selection/selection-bar.tsx';
import type { useContactsListState } from './use-contacts-list-state.ts';

/**
 * What every contacts list shows around its grid (seed 002 §2.2): the filter tags, the total with
 * the list's own actions beside it, the selection bar, the grid in its frame with a spinner while
 * a page loads, and the pager. The toolbar above and the grid itself are the list's own.
 */
export function ContactsListFrame({
  list,
  total,
  totalIsEstimate,
  isLoading,
  loadFailed,
  onFiltersChange,
  actions,
  children,
}: {
  list: ReturnType<typeof useContactsListState>;
  total: number;
  totalIsEstimate: boolean;
  isLoading: boolean;
  loadFailed: boolean;
  onFiltersChange: (filters: ContactFilters) => void;
  /** The buttons right of the total: exports, campaign actions, delete or exclude. */
  actions: ReactNode;
  /** The grid. */
  children: ReactNode;
}) {
  return (
    <>
      <FilterTags
        filters={list.filters}
        onChange={onFiltersChange}
        onClearAll={() => onFiltersChange(emptyContactFilters)}
      />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="contacts-total">
          {formatContactsTotal(total, totalIsEstimate)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Stack>
      <SelectionBar
        selection={list.selection}
        total={total}
        totalIsEstimate={totalIsEstimate}
        onSelectAll={() => list.setSelection({ kind: 'all' })}
        onClear={() => list.setSelection(noSelection)}
      />
      {loadFailed && <Alert severity="error">The contacts could not be loaded.</Alert>}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {children}
        {isLoading && (
          <CircularProgress
            size={24}
            sx={{ position: 'absolute', top: 16, right: 16 }}
            aria-label="Loading"
          />
        )}
      </Paper>
      <ContactsPager
        page={list.page}
        pageSize={list.pageSize}
        total={total}
        onPageChange={list.setPage}
        onPageSizeChange={list.changePageSize}
      />
    </>
  );
}
