import Button from '@mui/material/Button';
import type { AppProfile } from '@outpilot/contracts';
import { Link } from 'react-router';

/**
 * Subscription state from the profile. The trial countdown ('Trial will expire in …') needs the
 * subscription's plan and dates, which come with the billing issue.
 */
export function SubscriptionWidget({ profile }: { profile: AppProfile }) {
  const isActive = profile.subscriptionIsActive;
  return (
    <Button
      component={Link}
      to="/upgrade"
      size="small"
      variant="outlined"
      color={isActive ? 'success' : 'warning'}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {isActive ? 'Subscription is active' : 'Subscription is inactive'}
    </Button>
  );
}
