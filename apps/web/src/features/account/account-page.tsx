import { PageTitle } from '../shell/page-title.tsx';

/** Account page (Automation Mode, Working Hours, Subscription Billing): built by the account issue. */
export function AccountPage() {
  return <PageTitle>Account</PageTitle>;
}
