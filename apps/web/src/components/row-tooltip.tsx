import Tooltip from '@mui/material/Tooltip';
import { type FocusEvent, type MouseEvent, type ReactNode, useState } from 'react';

const titleAttribute = 'data-row-tooltip';

/** Marks an element of a grid's rows as showing `title` in the grid's one tooltip (useRowTooltip). */
export const rowTooltip = (title: string) => ({ [titleAttribute]: title });

type Shown = { anchor: HTMLElement; title: string };

/** The marked element the event happened in, if any. */
function markedElementOf(target: EventTarget | null): Shown | null {
  const anchor = target instanceof Element ? target.closest<HTMLElement>(`[${titleAttribute}]`) : null;
  const title = anchor?.getAttribute(titleAttribute);
  return anchor && title ? { anchor, title } : null;
}

/**
 * One tooltip for all the row actions of a grid: it shows the title of the element marked with
 * `rowTooltip(title)` that the pointer is over or that has the keyboard's focus, and Escape or
 * moving away hides it. A MUI Tooltip per action (three a row) re-rendered itself once mounted: on
 * /contacts that was a synchronous re-render of 75 tooltips between the rows' commit and their
 * first paint (bench B17, docs/decisions.md).
 *
 * The grid's box takes `handlers`; `tooltip` is rendered anywhere inside it.
 */
export function useRowTooltip(): {
  handlers: {
    onMouseOver: (event: MouseEvent) => void;
    onMouseLeave: () => void;
    onFocus: (event: FocusEvent) => void;
    onBlur: () => void;
  };
  tooltip: ReactNode;
} {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = (next: Shown | null) =>
    setShown((current) => (current?.anchor === next?.anchor ? current : next));
  const hide = () => setShown(null);
  const handlers = {
    onMouseOver: (event: MouseEvent) => show(markedElementOf(event.target)),
    onMouseLeave: hide,
    // As MUI's Tooltip does: a focus that came from the keyboard, not from a click.
    onFocus: (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.matches(':focus-visible'))
        show(markedElementOf(event.target));
    },
    onBlur: hide,
  };
  const tooltip = (
    <Tooltip
      open={shown !== null}
      title={shown?.title ?? ''}
      onClose={hide}
      slotProps={{ popper: { anchorEl: shown?.anchor ?? null } }}
    >
      <span aria-hidden="true" />
    </Tooltip>
  );
  return { handlers, tooltip };
}
