import { contactPageSizes, defaultContactPageSize } from '@outpilot/contracts';

/** A column's remembered setting (§3 "Grid column setting"). */
export type GridColumnSetting = {
  colId: string;
  width?: number | null | undefined;
  hide?: boolean | null | undefined;
};

const columnsKey = (gridId: string) => `outpilot.grid.${gridId}.columns`;
export const pageSizeStorageKey = 'outpilot.contacts.pageSize';

/** Widths, order and hidden flags of a grid's columns as last left, or null. */
export function readGridColumns(gridId: string): GridColumnSetting[] | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(columnsKey(gridId)) ?? 'null');
    if (!Array.isArray(parsed)) return null;
    return parsed.filter(
      (item): item is GridColumnSetting =>
        typeof item === 'object' && item !== null && typeof (item as { colId?: unknown }).colId === 'string',
    );
  } catch {
    return null;
  }
}

export function writeGridColumns(gridId: string, columns: readonly GridColumnSetting[]): void {
  const settings = columns.map(({ colId, width, hide }) => ({
    colId,
    width: width ?? undefined,
    hide: hide ?? false,
  }));
  window.localStorage.setItem(columnsKey(gridId), JSON.stringify(settings));
}

export type ContactPageSize = (typeof contactPageSizes)[number];

export function isContactPageSize(value: number): value is ContactPageSize {
  return (contactPageSizes as readonly number[]).includes(value);
}

/** The remembered page size (§9), 25 by default. */
export function readPageSize(): ContactPageSize {
  const stored = Number(window.localStorage.getItem(pageSizeStorageKey));
  return isContactPageSize(stored) ? stored : defaultContactPageSize;
}

export function writePageSize(size: ContactPageSize): void {
  window.localStorage.setItem(pageSizeStorageKey, String(size));
}
