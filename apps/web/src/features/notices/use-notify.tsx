import type { AppProfile } from '@outpilot/contracts';
import { createContext, useContext, useMemo } from 'react';
import { mapErrorToNotices, type Notice } from './map-error-to-notices.ts';
import { showNotice } from './notice-queue.ts';

/** How long an error notice stays visible before the page reloads (ExtensionNotInstalled, 404). */
const reloadDelayMs = 2000;

export type Notify = {
  notify(notice: Notice): void;
  /** Shows the catalogue's notices for a failure and reloads the page when the catalogue says so. */
  notifyError(error: unknown): void;
};

/**
 * The signed-in profile as last read, for the notices that depend on the subscription. The app
 * provides the query cache's (app-providers.tsx); the sign-in screen, which loads without TanStack
 * Query, has none (app/first-screen.tsx).
 */
export const CachedProfileContext = createContext<() => AppProfile | null | undefined>(() => undefined);

export function useNotify(): Notify {
  const readProfile = useContext(CachedProfileContext);

  return useMemo(() => {
    const notify = (notice: Notice) => showNotice(notice);
    return {
      notify,
      notifyError(error) {
        const profile = readProfile();
        const reaction = mapErrorToNotices(error, { subscriptionIsActive: profile?.subscriptionIsActive });
        for (const notice of reaction.notices) notify(notice);
        if (reaction.reloadPage) window.setTimeout(() => window.location.reload(), reloadDelayMs);
      },
    };
  }, [readProfile]);
}
