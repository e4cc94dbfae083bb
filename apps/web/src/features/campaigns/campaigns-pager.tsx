import TablePagination from '@mui/material/TablePagination';
import { campaignsPageSize } from '@outpilot/contracts';
import { useEffect } from 'react';

/** The last page there is for this many rows (0 when there are none). */
export const lastPageOf = (total: number, pageSize: number = campaignsPageSize) =>
  Math.max(0, Math.ceil(total / pageSize) - 1);

/**
 * The footer of the campaign tables (seed 001 §2): paging with first/last buttons and no
 * rows-per-page options. A page past the last one (its rows archived, filtered or moved to another
 * member meanwhile) is shown as the last page and asked for as such. `onlyWhenPaged` hides it while
 * everything fits one page (the team campaigns table).
 */
export function CampaignsPager({
  total,
  page,
  onPageChange,
  isLoaded = true,
  onlyWhenPaged = false,
}: {
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  /** false while the count is not known yet: nothing is clamped to a count of 0. */
  isLoaded?: boolean;
  onlyWhenPaged?: boolean;
}) {
  const lastPage = lastPageOf(total);
  useEffect(() => {
    if (isLoaded && page > lastPage) onPageChange(lastPage);
  }, [isLoaded, page, lastPage, onPageChange]);
  if (onlyWhenPaged && total <= campaignsPageSize) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage)}
      rowsPerPage={campaignsPageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => onPageChange(next)}
      showFirstButton
      showLastButton
    />
  );
}
