import { type ReactNode, useState } from 'react';

/**
 * Renders an overlay (a dialog, a menu, a drawer, or the lazily loaded screen part behind one) from
 * its first opening on. Closed, MUI's Modal, Popover and Dialog still run their hooks on every
 * render of the screen that holds them, and /contacts held a dozen before its rows could paint
 * (bench B17, docs/decisions.md). Once opened it stays mounted: it animates its closing and keeps
 * what was typed or started in it.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(open);
  // Set during render: React renders again at once, before anything is shown.
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened ? children : null;
}
