import { PageTitle } from '../shell/page-title.tsx';

/** Contacts and imports: built by the contacts issue. */
export function ContactsPage() {
  return <PageTitle>Contacts</PageTitle>;
}
