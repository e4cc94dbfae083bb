import { useState } from 'react';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useNotify } from '../notices/use-notify.tsx';

export const referrerStorageKey = 'referrer';

/** The current page as the sign-in returns to it: path, query and hash. */
export type CurrentPath = () => string;

/**
 * Asks the bridge for the identity provider's sign-in URL and sends the browser there. Plain React
 * state rather than a TanStack mutation: the sign-in screen loads without TanStack Query
 * (app/first-screen.tsx, decisions.md issue 26 h-first-screen-3).
 */
export function useSignIn(currentPath: CurrentPath) {
  const bridge = useBridge();
  const { notifyError } = useNotify();
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    void (async () => {
      try {
        const returnTo = currentPath();
        const referrer = window.localStorage.getItem(referrerStorageKey) ?? undefined;
        const { url } = await bridge.send('auth', 'getSignInUrl', { returnTo, referrer });
        window.location.assign(url);
      } catch (error) {
        notifyError(error);
      } finally {
        setPending(false);
      }
    })();
  };
  return { isPending, mutate };
}
