import type { ContactsPageRequest } from './use-contacts-page.ts';

/** Query keys of the contacts calls (seed 002 §7.1). */
export const contactsQueryKeys = {
  all: ['contacts'] as const,
  pages: ['contacts', 'page'] as const,
  page: (query: ContactsPageRequest) => ['contacts', 'page', query] as const,
  locations: (searchQuery: string) => ['contacts', 'locations', searchQuery] as const,
  /** The campaigns of one contact (its row menu), asked again when the row's campaigns change. */
  participation: (contactId: string, campaignIds: readonly string[]) =>
    ['contacts', 'participation', contactId, campaignIds] as const,
};
