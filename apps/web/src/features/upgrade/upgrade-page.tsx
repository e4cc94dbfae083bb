import { PageTitle } from '../shell/page-title.tsx';

/** Plan picker: built by the billing issue. */
export function UpgradePage() {
  return <PageTitle>Choose subscription plan</PageTitle>;
}
