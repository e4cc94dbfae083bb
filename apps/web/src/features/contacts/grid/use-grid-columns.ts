import type { ContactDocument } from '@outpilot/contracts';
import { type ReactNode, useCallback, useMemo, useSyncExternalStore } from 'react';
import { gridColumnsSnapshot, subscribeGridColumns, updateGridColumn } from './grid-settings.ts';

/** A column of a contacts grid as the view defines it. */
export type GridColumn = {
  id: string;
  title: string;
  /** Its default width in pixels; null: the flexible column that takes the room left. */
  width: number | null;
  sortable: boolean;
  hiddenByDefault?: boolean;
  cell: (contact: ContactDocument) => ReactNode;
};

/** A title a user gives a column: long enough for a custom field's name, short enough for a header. */
export const columnTitleMaxLength = 40;

/** Narrower than this a column's content is unreadable. */
export const minColumnWidth = 80;
export const maxColumnWidth = 800;

/**
 * The view's columns with the widths, hidden flags and titles the user left (§3 "Grid column setting"),
 * shared by the grid and its column chooser through the browser's storage.
 */
export function useGridColumns(gridId: string, columns: readonly GridColumn[]) {
  const settings = useSyncExternalStore(
    useCallback((listener) => subscribeGridColumns(gridId, listener), [gridId]),
    () => gridColumnsSnapshot(gridId),
  );
  // The same array while the view's columns and the stored settings stay: the grid's rows are
  // memoized on it.
  const shown = useMemo(
    () =>
      columns.map((column) => {
        const setting = settings.find((item) => item.colId === column.id);
        return {
          ...column,
          /** The view's own title, shown when the user clears theirs. */
          defaultTitle: column.title,
          title: setting?.title?.trim() || column.title,
          width: column.width === null ? null : (setting?.width ?? column.width),
          hidden: setting?.hide ?? column.hiddenByDefault ?? false,
        };
      }),
    [columns, settings],
  );
  return {
    columns: shown,
    resize: (colId: string, width: number) =>
      updateGridColumn(gridId, colId, {
        width: Math.round(Math.min(maxColumnWidth, Math.max(minColumnWidth, width))),
      }),
    setVisible: (colId: string, visible: boolean) => updateGridColumn(gridId, colId, { hide: !visible }),
    /** A blank title, or the view's own, goes back to the view's own (nothing stored). */
    rename: (colId: string, title: string) => {
      const trimmed = title.trim().slice(0, columnTitleMaxLength);
      const own = columns.find((column) => column.id === colId)?.title;
      updateGridColumn(gridId, colId, { title: trimmed === '' || trimmed === own ? undefined : trimmed });
    },
  };
}
