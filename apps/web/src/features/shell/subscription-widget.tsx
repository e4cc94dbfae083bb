import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useSubscription } from '../billing/billing-queries.ts';
import { subscriptionStatusText } from '../billing/subscription-texts.ts';

/** Trial countdown or paid state (seed 000 §4 "Subscription display"), linking to /upgrade. */
export function SubscriptionWidget() {
  const query = useSubscription();
  const subscription = query.data;
  if (!subscription) return null;
  // The server's now when it answered, moved on by the time since: the trial ends by its clock.
  const now = new Date(Date.parse(subscription.as_of) + Math.max(0, Date.now() - query.dataUpdatedAt));
  return (
    <Button
      component={Link}
      to="/upgrade"
      size="small"
      variant="outlined"
      color={subscription.is_active ? 'success' : 'warning'}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {subscriptionStatusText(subscription, now)}
    </Button>
  );
}
