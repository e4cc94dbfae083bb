import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * The header of a table's row-actions column: named 'Actions' for screen readers, empty on screen.
 * Positioned, so the hidden label stays inside a table that scrolls sideways (at 390 px an
 * unpositioned cell let it stretch the page).
 */
export function ActionsHeaderCell({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <TableCell sx={[{ position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box component="span" sx={visuallyHidden}>
        Actions
      </Box>
    </TableCell>
  );
}
