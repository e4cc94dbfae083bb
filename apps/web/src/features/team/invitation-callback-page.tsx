import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusLayout } from '../../components/status-layout.tsx';

/** /invitation_callback: accepting the invitation code comes with the team issue. */
export function InvitationCallbackPage() {
  return (
    <StatusLayout>
      <Typography variant="h4" component="h1">
        Team invitation
      </Typography>
      <Link component={RouterLink} to="/campaigns">
        Go home!
      </Link>
    </StatusLayout>
  );
}
