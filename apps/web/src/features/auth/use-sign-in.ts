import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useNotify } from '../notices/use-notify.tsx';

export const referrerStorageKey = 'referrer';

/** Asks the bridge for the identity provider's sign-in URL and sends the browser there. */
export function useSignIn() {
  const bridge = useBridge();
  const location = useLocation();
  const { notifyError } = useNotify();
  return useMutation({
    mutationFn: async () => {
      const returnTo = `${location.pathname}${location.search}${location.hash}`;
      const referrer = window.localStorage.getItem(referrerStorageKey) ?? undefined;
      const { url } = await bridge.send('auth', 'getSignInUrl', { returnTo, referrer });
      window.location.assign(url);
    },
    onError: notifyError,
  });
}
