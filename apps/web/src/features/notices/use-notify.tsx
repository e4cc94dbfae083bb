import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { readCachedProfile } from '../auth/auth-queries.ts';
import { mapErrorToNotices, type Notice } from './map-error-to-notices.ts';
import { showNotice } from './notice-queue.ts';

/** How long an error notice stays visible before the page reloads (ExtensionNotInstalled, 404). */
const reloadDelayMs = 2000;

export type Notify = {
  notify(notice: Notice): void;
  /** Shows the catalogue's notices for a failure and reloads the page when the catalogue says so. */
  notifyError(error: unknown): void;
};

export function useNotify(): Notify {
  const queryClient = useQueryClient();

  return useMemo(() => {
    const notify = (notice: Notice) => showNotice(notice);
    return {
      notify,
      notifyError(error) {
        const profile = readCachedProfile(queryClient);
        const reaction = mapErrorToNotices(error, { subscriptionIsActive: profile?.subscriptionIsActive });
        for (const notice of reaction.notices) notify(notice);
        if (reaction.reloadPage) window.setTimeout(() => window.location.reload(), reloadDelayMs);
      },
    };
  }, [queryClient]);
}
