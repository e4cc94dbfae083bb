import { type ReactNode, useDeferredValue } from 'react';

/**
 * Shows `placeholder` in the screen's first commit and renders `children` in a background render
 * right after it. A screen's title then paints as soon as its module arrives, while the heavy part
 * below it (a grid with its toolbar and pager, hundreds of MUI parts) is built in slices that yield
 * to the browser: on a phone the title waited over two seconds for that part before (bench B17,
 * where the title is the largest paint).
 */
export function AfterFirstCommit({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  // React 19: on mount this is `false`, then `true` in a deferred render.
  const isCommitted = useDeferredValue(true, false);
  return isCommitted ? children : placeholder;
}
