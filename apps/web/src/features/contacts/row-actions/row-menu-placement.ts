import type { PopoverOrigin } from '@mui/material/Popover';

/** Rows a grid must show before the last rows' menus open upward (§2.2). */
const upwardAfterRows = 6;
/** How many of the last rows open their menu upward. */
const upwardLastRows = 2;

/**
 * A row action dropdown opens upward when the grid shows more than 6 rows and the row is among
 * the last 2 (§2.2), so the menu of a bottom row does not run past the page's end.
 */
export function rowMenuOpensUpward(shownRows: number, rowIndex: number): boolean {
  return shownRows > upwardAfterRows && rowIndex >= shownRows - upwardLastRows && rowIndex < shownRows;
}

/** MUI Menu origins: below the button, right-aligned, or above it. */
export function rowMenuOrigins(upward: boolean): {
  anchorOrigin: PopoverOrigin;
  transformOrigin: PopoverOrigin;
} {
  return upward
    ? {
        anchorOrigin: { vertical: 'top', horizontal: 'right' },
        transformOrigin: { vertical: 'bottom', horizontal: 'right' },
      }
    : {
        anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
        transformOrigin: { vertical: 'top', horizontal: 'right' },
      };
}
