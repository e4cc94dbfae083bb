import { contactPageSizes, defaultContactPageSize } from '@outpilot/contracts';

/** A column's remembered setting (§3 "Grid column setting"). */
export type GridColumnSetting = {
  colId: string;
  width?: number | null | undefined;
  hide?: boolean | null | undefined;
  /** The title the user gave the column; absent: the view's own title. */
  title?: string | null | undefined;
};

const columnsKey = (gridId: string) => `outpilot.grid.${gridId}.columns`;
export const pageSizeStorageKey = 'outpilot.contacts.pageSize';

/** Widths, hidden flags and titles of a grid's columns as last left, or null. */
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
  const settings = columns.map(({ colId, width, hide, title }) => ({
    colId,
    width: width ?? undefined,
    // Unset stays unset: a column renamed but never shown or hidden keeps its default (Custom
    // 1-3 start hidden).
    hide: hide ?? undefined,
    title: typeof title === 'string' && title !== '' ? title : undefined,
  }));
  window.localStorage.setItem(columnsKey(gridId), JSON.stringify(settings));
  for (const listener of listeners.get(gridId) ?? []) listener();
}

// The grid and its column chooser read the same settings: one snapshot per stored text, so a
// snapshot stays the same object until the text changes (useSyncExternalStore compares them).
const snapshots = new Map<string, { raw: string | null; columns: readonly GridColumnSetting[] }>();
const listeners = new Map<string, Set<() => void>>();

/** The stored settings as a stable snapshot, [] when none are stored. */
export function gridColumnsSnapshot(gridId: string): readonly GridColumnSetting[] {
  const raw = window.localStorage.getItem(columnsKey(gridId));
  const cached = snapshots.get(gridId);
  if (cached && cached.raw === raw) return cached.columns;
  const columns = readGridColumns(gridId) ?? [];
  snapshots.set(gridId, { raw, columns });
  return columns;
}

export function subscribeGridColumns(gridId: string, listener: () => void): () => void {
  const set = listeners.get(gridId) ?? new Set();
  set.add(listener);
  listeners.set(gridId, set);
  return () => set.delete(listener);
}

/** One column's setting changed: the others are kept as stored. */
export function updateGridColumn(
  gridId: string,
  colId: string,
  change: { width?: number; hide?: boolean; title?: string | undefined },
): void {
  const current = gridColumnsSnapshot(gridId);
  const existing = current.find((setting) => setting.colId === colId);
  const updated = { ...existing, colId, ...change };
  writeGridColumns(
    gridId,
    existing ? current.map((setting) => (setting === existing ? updated : setting)) : [...current, updated],
  );
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
