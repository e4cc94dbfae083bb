import type { ImportUrlSource } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { importsQueryKeys } from './imports-query-keys.ts';

/** Bridge export.count: the profiles a valid source URL finds; off while the URL is invalid. */
export function useUrlProfileCount(source: ImportUrlSource, url: string, enabled: boolean) {
  const bridge = useBridge();
  return useQuery({
    queryKey: importsQueryKeys.urlCount(source, url),
    queryFn: () => bridge.send('export', 'count', { source, url }),
    enabled,
    retry: false,
    staleTime: 60_000,
    select: (answer) => answer.total,
  });
}
