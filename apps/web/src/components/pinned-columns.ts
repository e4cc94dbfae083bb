/**
 * Columns of a sideways-scrolling table that stay in view (position: sticky) while the others
 * scroll under them: the row-select column at the start, the row-actions column at the end. The
 * end column draws a divider on its left edge: without it, a column scrolled half under it reads
 * as cut ('Messa' beside the actions at 1024 px).
 */
export const pinnedStartCell = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;

export const pinnedEndCell = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderLeft: 1,
  borderLeftColor: 'divider',
} as const;

/** With a sticky header (stickyHeader), a pinned header cell sits above the scrolling ones. */
export const pinnedHeaderCell = { zIndex: 3 } as const;
