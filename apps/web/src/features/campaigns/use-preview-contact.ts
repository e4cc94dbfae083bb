import { contactsEndpoints } from '@outpilot/contracts';
import {
  filterAny,
  filterCompare,
  filterString,
  formatFilter,
  type PlaceholderContact,
} from '@outpilot/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from './campaigns-query-keys.ts';

/**
 * GET contacts/page for one contact of the campaign: the editor renders its placeholders for a
 * real person. Fields as the engine fills them (toLinkedinContact of the server: company_name from
 * the current company, position_title from the headline, country from the contact's country).
 * Null when the campaign has no contacts yet.
 */
export function usePreviewContact(campaignId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...campaignsQueryKeys.detail(campaignId), 'preview-contact'],
    queryFn: async ({ signal }): Promise<PlaceholderContact | null> => {
      const answer = await api.call(
        contactsEndpoints.page,
        {
          query: {
            $take: 1,
            $filter: formatFilter(
              filterAny('campaigns', 'c', filterCompare('c', 'eq', filterString(campaignId))),
            ),
          },
        },
        { signal },
      );
      const contact = answer.documents[0];
      if (!contact) return null;
      return {
        first_name: contact.first_name,
        last_name: contact.last_name,
        full_name: contact.full_name,
        company_name: contact.last_job,
        position_title: contact.occupation,
        country: contact.country,
        custom_field_1: contact.custom_field_1,
        custom_field_2: contact.custom_field_2,
        custom_field_3: contact.custom_field_3,
      };
    },
  });
}
