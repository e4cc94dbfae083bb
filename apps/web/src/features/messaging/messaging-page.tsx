import { PageTitle } from '../shell/page-title.tsx';

/** Inbox and threads: built by the messaging issue. */
export function MessagingPage() {
  return <PageTitle>Messaging</PageTitle>;
}
