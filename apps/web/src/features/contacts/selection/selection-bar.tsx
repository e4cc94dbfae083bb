import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contactsTexts, formatCount } from '@outpilot/contracts';
import { formatTotal } from '../grid/format-total.ts';
import { type ContactsSelection, isOverPickLimit, selectedCount } from './contacts-selection.ts';

type SelectionBarProps = {
  selection: ContactsSelection;
  total: number;
  totalIsEstimate: boolean;
  onSelectAll: () => void;
  onClear: () => void;
};

/**
 * 'N of M selected |' with 'Select all' (a filter-based selection) and 'Clear' (§2.2), and what to
 * do when more rows are picked than a bulk action takes.
 */
export function SelectionBar({ selection, total, totalIsEstimate, onSelectAll, onClear }: SelectionBarProps) {
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  const isAll = selection.kind === 'all';
  const isOverLimit = isOverPickLimit(selection);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="selection-bar">
      <Typography variant="body2">
        {`${isAll ? formatTotal(total, totalIsEstimate) : formatCount(count)} of ${formatTotal(total, totalIsEstimate)} selected |`}
      </Typography>
      {/* Over the limit it is the way on, even when every row is picked. */}
      {!isAll && (count < total || isOverLimit) && (
        <Button size="small" onClick={onSelectAll}>
          Select all
        </Button>
      )}
      <Button size="small" onClick={onClear}>
        Clear
      </Button>
      {isOverLimit && (
        <Typography variant="body2" color="warning.main" role="status">
          {contactsTexts.tooManyPicked}
        </Typography>
      )}
    </Stack>
  );
}
