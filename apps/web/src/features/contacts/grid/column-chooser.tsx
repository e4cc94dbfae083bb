import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ContactDocument } from '@outpilot/contracts';
import type { GridApi } from 'ag-grid-community';
import { useState } from 'react';
import {
  allContactsView,
  type ContactColumnId,
  type ContactsGridView,
  contactColumnTitles,
  setContactColumnVisible,
} from './contacts-grid.tsx';

/** Shows and hides the grid's columns (Custom 1-3 start hidden); remembered with the widths. */
export function ColumnChooser({
  api,
  view = allContactsView,
}: {
  api: GridApi<ContactDocument> | null;
  view?: ContactsGridView;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [, setVersion] = useState(0);
  const titles = contactColumnTitles(view);
  const columnIds = Object.keys(titles) as ContactColumnId[];
  return (
    <>
      <Button onClick={(event) => setAnchor(event.currentTarget)} disabled={api === null}>
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columnIds.map((colId) => {
          const visible = api?.getColumn(colId)?.isVisible() ?? false;
          return (
            <MenuItem
              key={colId}
              onClick={() => {
                if (!api) return;
                setContactColumnVisible(api, view.gridId, colId, !visible);
                setVersion((value) => value + 1);
              }}
            >
              <Checkbox size="small" checked={visible} tabIndex={-1} />
              <ListItemText primary={titles[colId]} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
