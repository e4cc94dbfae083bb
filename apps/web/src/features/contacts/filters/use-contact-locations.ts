import { contactsEndpoints, defaultLocationsTake } from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { contactsQueryKeys } from '../contacts-query-keys.ts';

/** GET contacts/locations: the Location filter's options for what was typed. */
export function useContactLocations(searchQuery: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: contactsQueryKeys.locations(searchQuery),
    queryFn: ({ signal }) =>
      api.call(
        contactsEndpoints.locations,
        { query: { searchQuery: searchQuery || undefined, take: defaultLocationsTake } },
        { signal },
      ),
    enabled,
    select: (answer) => answer.documents,
  });
}
