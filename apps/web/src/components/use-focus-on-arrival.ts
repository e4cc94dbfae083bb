import { type RefObject, useEffect } from 'react';

/**
 * A screen's heading takes the focus when the screen arrives and nothing else holds it: the link
 * or button that led here has gone with the last screen, and the browser would otherwise start
 * the next Tab wherever that element was (often the footer). A field that focused itself keeps it.
 */
export function useFocusOnArrival(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      ref.current?.focus({ preventScroll: true });
  }, [ref]);
}
