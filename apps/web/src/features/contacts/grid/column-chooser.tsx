import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import {
  allContactsView,
  type ContactsGridView,
  contactColumnTitles,
  isHiddenByDefault,
} from './contacts-grid.tsx';
import { useGridColumns } from './use-grid-columns.ts';

/** Shows and hides the grid's columns (Custom 1-3 start hidden); remembered with the widths. */
export function ColumnChooser({ view = allContactsView }: { view?: ContactsGridView }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titles = contactColumnTitles(view);
  // Titles and hidden flags only: the chooser never renders a cell.
  const grid = useGridColumns(
    view.gridId,
    Object.entries(titles).map(([id, title]) => ({
      id,
      title,
      width: null,
      sortable: false,
      hiddenByDefault: isHiddenByDefault(id),
      cell: () => null,
    })),
  );
  return (
    <>
      <Button onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu">
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {grid.columns.map((column) => (
          <MenuItem
            key={column.id}
            role="menuitemcheckbox"
            aria-checked={!column.hidden}
            onClick={() => grid.setVisible(column.id, column.hidden)}
          >
            <Checkbox size="small" checked={!column.hidden} tabIndex={-1} />
            <ListItemText primary={column.title} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
