import Checkbox from '@mui/material/Checkbox';
import { useState } from 'react';

/**
 * The rows chosen in a campaign table, kept across pages: one row toggled, or the page's rows all
 * chosen or all left (the header's checkbox), as the campaign list and the team campaigns table do.
 */
export function useRowSelection(pageIds: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const onPage = pageIds.filter((id) => selected.has(id)).length;
  const change = (ids: readonly string[], choose: (id: string, current: ReadonlySet<string>) => boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (choose(id, current)) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    selected,
    isAllOnPage: pageIds.length > 0 && onPage === pageIds.length,
    isSomeOnPage: onPage > 0 && onPage < pageIds.length,
    toggle: (id: string) => change([id], (one, current) => !current.has(one)),
    choosePage: (chosen: boolean) => change(pageIds, () => chosen),
    clear: () => setSelected(new Set()),
  };
}

/** The header's checkbox: every row of this page chosen, some (indeterminate), or none. */
export function SelectPageCheckbox({ selection }: { selection: ReturnType<typeof useRowSelection> }) {
  return (
    <Checkbox
      size="small"
      checked={selection.isAllOnPage}
      indeterminate={selection.isSomeOnPage}
      onChange={(event) => selection.choosePage(event.target.checked)}
      slotProps={{ input: { 'aria-label': 'Select all campaigns on this page' } }}
    />
  );
}
