import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { importsQueryKeys } from './imports-query-keys.ts';

/** Bridge export.countProfileUrls: the distinct profiles of pasted text; off for blank text. */
export function useProfileUrlsCount(text: string) {
  const bridge = useBridge();
  return useQuery({
    queryKey: importsQueryKeys.profileUrlsCount(text),
    queryFn: () => bridge.send('export', 'countProfileUrls', { text }),
    enabled: text.trim() !== '',
    retry: false,
    staleTime: 60_000,
  });
}
