import { type FocusEvent, type RefObject, useEffect, useRef } from 'react';

const controls = 'input:not([disabled]), a[href], button:not([disabled])';

/**
 * Keeps the keyboard focus inside a box whose controls change under it: a row that leaves the
 * table (archived), a button that turns disabled (Complete once completed). The browser drops
 * the focus to the page's start then; this puts it on the control that took the place of the one
 * that had it (same position among the box's enabled controls, or the last one; the box itself
 * when it is focusable and none is left), so a keyboard
 * user goes on from where they were. `changed` is what changes the controls; `isAsking` is true
 * while a confirmation dialog holds the focus (it gives the focus back when it closes).
 */
export function useKeepFocusWithin<Element extends HTMLElement>(
  box: RefObject<Element | null>,
  changed: unknown,
  isAsking: boolean,
) {
  const position = useRef<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (changed === undefined || isAsking || !element || position.current === null) return;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    const enabled = [...element.querySelectorAll<HTMLElement>(controls)];
    (enabled[Math.min(position.current, enabled.length - 1)] ?? element).focus();
  }, [box, changed, isAsking]);
  return {
    onFocus: (event: FocusEvent<Element>) => {
      const enabled = [...event.currentTarget.querySelectorAll<HTMLElement>(controls)];
      const index = enabled.indexOf(event.target as HTMLElement);
      position.current = index < 0 ? null : index;
    },
    onBlur: (event: FocusEvent<Element>) => {
      // Focus moved elsewhere on purpose (the search box, the pager): nothing to keep. A removed
      // or disabled element blurs with no next target; a confirmation gives it back when it closes.
      const next = event.relatedTarget;
      if (next !== null && !event.currentTarget.contains(next) && next.closest('[role="dialog"]') === null)
        position.current = null;
    },
  };
}
