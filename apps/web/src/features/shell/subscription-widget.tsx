import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { AppProfile } from '@outpilot/contracts';
import { Link } from 'react-router';
import { useSubscription } from '../billing/billing-queries.ts';
import { canManageBilling } from '../billing/can-manage-billing.ts';
import { subscriptionStatusText } from '../billing/subscription-texts.ts';

/**
 * Trial countdown or paid state (seed 000 §4 "Subscription display"). It links to /upgrade only
 * for whom §2 lets manage billing: not while impersonating, not when another persona pays.
 */
export function SubscriptionWidget({ profile }: { profile: AppProfile }) {
  const query = useSubscription();
  const subscription = query.data;
  if (!subscription) return null;
  // The server's now when it answered, moved on by the time since: the trial ends by its clock.
  const now = new Date(Date.parse(subscription.as_of) + Math.max(0, Date.now() - query.dataUpdatedAt));
  const text = subscriptionStatusText(subscription, now);
  const color = subscription.is_active ? 'success' : 'warning';
  if (!canManageBilling(profile, subscription))
    return <Chip label={text} color={color} variant="outlined" sx={{ whiteSpace: 'nowrap' }} />;
  return (
    <Button
      component={Link}
      to="/upgrade"
      size="small"
      variant="outlined"
      color={color}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Button>
  );
}
