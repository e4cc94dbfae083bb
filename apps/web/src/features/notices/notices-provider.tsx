import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onNoticeWaiting } from './notice-queue.ts';

const NoticeHost = lazy(async () => ({ default: (await import('./notice-host.tsx')).NoticeHost }));

/** How long after the first render the snackbar host loads when no notice asked for it sooner. */
const hostDelayMs = 1500;

/**
 * Snackbar notices (notice-host.tsx). The host and notistack are not on the first screen's
 * critical path: they load a moment after it, or at once when a notice is waiting.
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setHostWanted(true), hostDelayMs);
    const stop = onNoticeWaiting(() => setHostWanted(true));
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, []);
  return (
    <>
      {children}
      {hostWanted && (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      )}
    </>
  );
}
