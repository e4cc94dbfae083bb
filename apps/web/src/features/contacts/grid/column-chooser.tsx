import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import {
  allContactsView,
  type ContactsGridView,
  contactColumnTitles,
  isHiddenByDefault,
} from './contacts-grid.tsx';
import { CheckBoxIcon, CheckBoxOutlineBlankIcon } from './grid-icons.tsx';
import { columnTitleMaxLength, useGridColumns } from './use-grid-columns.ts';

/**
 * Shows and hides the grid's columns (Custom 1-3 start hidden) and renames them ('Rename
 * columns'); remembered with the widths, per grid.
 */
export function ColumnChooser({ view = allContactsView }: { view?: ContactsGridView }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isRenaming, setRenaming] = useState(false);
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
      <OnceOpened open={anchor !== null}>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {grid.columns.map((column) => (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={!column.hidden}
              onClick={() => grid.setVisible(column.id, column.hidden)}
            >
              {/* The item is the checkbox (its role and aria-checked): a checkbox input inside it
                  would be a second, unnamed control nested in the first. */}
              <ListItemIcon aria-hidden>
                {column.hidden ? (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                ) : (
                  <CheckBoxIcon fontSize="small" color="primary" />
                )}
              </ListItemIcon>
              <ListItemText primary={column.title} />
            </MenuItem>
          ))}
          <Divider />
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setRenaming(true);
            }}
          >
            Rename columns
          </MenuItem>
        </Menu>
      </OnceOpened>
      <OnceOpened open={isRenaming}>
        <RenameColumnsDialog
          open={isRenaming}
          columns={grid.columns}
          onSave={(renamed) => {
            for (const column of grid.columns) {
              const title = renamed[column.id];
              if (title !== undefined && title.trim() !== column.title) grid.rename(column.id, title);
            }
            setRenaming(false);
          }}
          onClose={() => setRenaming(false)}
        />
      </OnceOpened>
    </>
  );
}

type TitledColumn = { id: string; title: string; defaultTitle: string };

/** One field per column; a cleared field gives the column its own title back. Enter saves. */
function RenameColumnsDialog({
  open,
  columns,
  onSave,
  onClose,
}: {
  open: boolean;
  columns: readonly TitledColumn[];
  onSave: (titles: Record<string, string>) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave(texts);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        // Every opening starts from the titles as they are now.
        transition: {
          onEnter: () => setTexts(Object.fromEntries(columns.map((column) => [column.id, column.title]))),
        },
      }}
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Rename columns</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {columns.map((column, index) => (
              <TextField
                key={column.id}
                size="small"
                label={column.defaultTitle}
                value={texts[column.id] ?? column.title}
                placeholder={column.defaultTitle}
                autoFocus={index === 0}
                onChange={(event) => setTexts((current) => ({ ...current, [column.id]: event.target.value }))}
                slotProps={{ htmlInput: { maxLength: columnTitleMaxLength } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
