import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useSubscription } from '../billing/billing-queries.ts';
import { subscriptionStatusText } from '../billing/subscription-texts.ts';

/** Trial countdown or paid state (seed 000 §4 "Subscription display"), linking to /upgrade. */
export function SubscriptionWidget() {
  const subscription = useSubscription().data;
  if (!subscription) return null;
  return (
    <Button
      component={Link}
      to="/upgrade"
      size="small"
      variant="outlined"
      color={subscription.is_active ? 'success' : 'warning'}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {subscriptionStatusText(subscription, new Date())}
    </Button>
  );
}
